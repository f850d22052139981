// The one list pattern of the management screens: a title with actions, a search box and
// filters whose values live in the address (so a reload or a shared link shows the same list),
// a table of server-paged rows with a skeleton of the same height while a page loads, an empty
// state, and Previous / Next by the core's paging rule. On a phone the filters fold behind a
// Filters button (the search box stays), and a table wider than the screen scrolls sideways
// inside its own box, so the page itself is never wider than the screen.
import { Alert, Button, Collapse, Group, Paper, ScrollArea, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { useDebouncedValue, useDisclosure, useMediaQuery } from "@mantine/hooks";
import { IconFilter, IconSearch } from "@tabler/icons-react";
import type { UseQueryResult } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { RowsSkeleton } from "../Skeletons";
import { PAGE_WIDTH } from "../widths";
import { pageAfter, shellConstants } from "../../core";
import { errorText } from "../../lib/errors";

export interface Column<T> {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  align?: "left" | "right";
}

export interface ListData<T> {
  rows: T[];
  total: number;
}

/** List state kept in the address: `page`, `search` and any named filters. */
export function useListParams(filterNames: string[] = []) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get("page") ?? "1") || 1);
  const search = params.get("search") ?? "";
  const filters = Object.fromEntries(filterNames.map((name) => [name, params.get(name) ?? ""]));
  function set(changes: Record<string, string | number | null>) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === "" || (key === "page" && value === 1)) next.delete(key);
          else next.set(key, String(value));
        }
        // A new search or filter starts again at the first page.
        if (!("page" in changes)) next.delete("page");
        return next;
      },
      { replace: true },
    );
  }
  return { page, search, filters, set };
}

/** A search box that waits the core's debounce before it changes the list. */
function SearchBox({ value, onChange, label }: { value: string; onChange: (value: string) => void; label: string }) {
  const [text, setText] = useState(value);
  const [settled] = useDebouncedValue(text, shellConstants.searchDebounceMs);
  useEffect(() => {
    if (settled.trim() !== value) onChange(settled.trim());
  }, [settled, value, onChange]);
  return (
    <TextInput
      aria-label={label}
      placeholder={label}
      leftSection={<IconSearch size={16} />}
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      style={{ flex: 1, minWidth: 0, flexBasis: 220 }}
    />
  );
}

export function ListPage<T>({
  title,
  actions,
  searchLabel,
  filters,
  intro,
  query,
  columns,
  rowKey,
  onOpen,
  pageSize,
  list,
  empty,
}: {
  title: string;
  actions?: ReactNode;
  /** The search box's label; no search box without it. */
  searchLabel?: string;
  filters?: ReactNode;
  /** A form that is not a filter (adding a row), shown above the list on every screen width. */
  intro?: ReactNode;
  query: UseQueryResult<ListData<T>>;
  columns: Column<T>[];
  rowKey: (row: T) => string;
  /** Opens a row (its detail or form); rows are links for the keyboard too. */
  onOpen?: (row: T) => void;
  pageSize: number;
  list: ReturnType<typeof useListParams>;
  empty: { title: string; body?: string; action?: ReactNode };
}) {
  const { t } = useTranslation();
  const data = query.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / pageSize)) : list.page;
  const loading = query.isFetching;
  const move = (action: "next" | "previous") => list.set({ page: pageAfter({ page: list.page, pageCount, loading }, action) });
  const phone = useMediaQuery(`(max-width: ${shellConstants.mobileBreakpointPx}px)`) ?? false;
  const [filtersOpen, filtersShown] = useDisclosure(false);

  return (
    <Stack gap="md" maw={PAGE_WIDTH.list} mx="auto" style={{ minWidth: 0 }}>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} fz="h2">
          {title}
        </Title>
        <Group gap="xs">{actions}</Group>
      </Group>
      {intro}
      {(searchLabel || filters) && (
        <Group gap="sm" wrap="wrap" align="flex-end">
          {searchLabel && <SearchBox value={list.search} onChange={(search) => list.set({ search })} label={searchLabel} />}
          {filters && phone && (
            <Button variant="default" leftSection={<IconFilter size={16} />} onClick={filtersShown.toggle} aria-expanded={filtersOpen}>
              {filtersOpen ? t("firsthour.hideFilters") : t("firsthour.filters")}
            </Button>
          )}
          {filters && !phone && filters}
        </Group>
      )}
      {filters && phone && (
        <Collapse expanded={filtersOpen}>
          <Stack gap="sm">{filters}</Stack>
        </Collapse>
      )}
      <Paper withBorder radius="md">
        {query.isError ? (
          <Alert color="red" m="md" title={t("manage.loadFailed")}>
            {errorText(query.error)}
          </Alert>
        ) : query.isPending ? (
          <RowsSkeleton rows={Math.min(pageSize, 10)} columns={columns.length} />
        ) : data && data.rows.length === 0 ? (
          <Stack align="center" gap="xs" py={48} px="md" ta="center">
            <Text fw={700}>{empty.title}</Text>
            {empty.body && <Text c="dimmed">{empty.body}</Text>}
            {empty.action}
          </Stack>
        ) : (
          <ScrollArea type="auto" offsetScrollbars="x">
            <Table highlightOnHover={Boolean(onOpen)} verticalSpacing="sm" style={{ opacity: loading ? 0.6 : 1 }} aria-busy={loading}>
              <Table.Thead>
                <Table.Tr>
                  {columns.map((column) => (
                    <Table.Th key={column.key} ta={column.align ?? "left"}>
                      {column.header}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data?.rows.map((row) => (
                  <Table.Tr key={rowKey(row)} onClick={onOpen ? () => onOpen(row) : undefined} style={onOpen ? { cursor: "pointer" } : undefined}>
                    {columns.map((column) => (
                      <Table.Td key={column.key} ta={column.align ?? "left"}>
                        {column.render(row)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
      </Paper>
      {data && data.total > 0 && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t("manage.pageOf", { page: list.page, count: pageCount, total: data.total })}
          </Text>
          {pageCount > 1 && (
            <Group gap="xs">
              <Button variant="default" size="xs" disabled={list.page <= 1 || loading} onClick={() => move("previous")}>
                {t("manage.previous")}
              </Button>
              <Button variant="default" size="xs" disabled={list.page >= pageCount || loading} onClick={() => move("next")}>
                {t("manage.next")}
              </Button>
            </Group>
          )}
        </Group>
      )}
    </Stack>
  );
}
