// The one table of the report screens: columns sorted by a click or Enter on their header
// (again to reverse), a totals row that stays last, a skeleton while the first answer loads,
// an empty state, and the server's message when the call fails.
import { Alert, Paper, ScrollArea, Skeleton, Stack, Table, Text, UnstyledButton } from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconArrowsSort } from "@tabler/icons-react";
import type { UseQueryResult } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { RowsSkeleton } from "../../../components/Skeletons";
import { errorText } from "../../../lib/errors";

export interface ReportColumn<T> {
  key: string;
  header: string;
  /** The value sorted by. */
  value: (row: T) => number | string;
  render?: (row: T) => ReactNode;
  numeric?: boolean;
}

export function ReportTable<T>({
  label,
  query,
  rows,
  totals,
  columns,
  rowKey,
  empty,
  initialSort,
}: {
  label: string;
  query: UseQueryResult<unknown>;
  rows: T[] | undefined;
  totals?: T;
  columns: ReportColumn<T>[];
  rowKey: (row: T) => string;
  empty: string;
  /** Keep the server's order until a header is chosen. */
  initialSort?: { key: string; descending: boolean };
}) {
  const { t } = useTranslation();
  const [sort, setSort] = useState<{ key: string; descending: boolean } | null>(initialSort ?? null);
  const sorted = rows ? [...rows] : [];
  const column = columns.find((c) => c.key === sort?.key);
  if (column && sort) {
    sorted.sort((a, b) => {
      const x = column.value(a);
      const y = column.value(b);
      const order = typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y));
      return sort.descending ? -order : order;
    });
  }
  const cell = (c: ReportColumn<T>, row: T) => (c.render ? c.render(row) : c.value(row));
  return (
    <Paper withBorder radius="md">
      {query.isError ? (
        <Alert color="red" m="md" title={t("reports.loadFailed")} role="alert">
          {errorText(query.error)}
        </Alert>
      ) : query.isPending ? (
        <RowsSkeleton rows={6} columns={columns.length} />
      ) : sorted.length === 0 ? (
        <Stack align="center" gap="xs" py={48} px="md" ta="center">
          <Text fw={700}>{empty}</Text>
          <Text c="dimmed" size="sm">
            {t("reports.emptyHint")}
          </Text>
        </Stack>
      ) : (
        <ScrollArea>
          <Table aria-label={label} verticalSpacing="sm" striped style={{ opacity: query.isFetching ? 0.6 : 1 }} aria-busy={query.isFetching}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((c) => {
                  const direction = sort && sort.key === c.key ? (sort.descending ? "descending" : "ascending") : "none";
                  const Icon = direction === "descending" ? IconArrowDown : direction === "ascending" ? IconArrowUp : IconArrowsSort;
                  return (
                    <Table.Th key={c.key} ta={c.numeric ? "right" : "left"} aria-sort={direction}>
                      <UnstyledButton
                        fw={700}
                        fz="sm"
                        onClick={() => setSort({ key: c.key, descending: direction === "none" ? c.numeric === true : direction === "ascending" })}
                        style={{ display: "inline-flex", alignItems: "center", gap: 4 }}
                      >
                        {c.header}
                        <Icon size={14} aria-hidden />
                      </UnstyledButton>
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sorted.map((row) => (
                <Table.Tr key={rowKey(row)}>
                  {columns.map((c) => (
                    <Table.Td key={c.key} ta={c.numeric ? "right" : "left"}>
                      {cell(c, row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
            {totals && (
              <Table.Tfoot>
                <Table.Tr data-testid="totals-row">
                  {columns.map((c, index) => (
                    <Table.Td key={c.key} ta={c.numeric ? "right" : "left"} fw={700}>
                      {index === 0 ? t("reports.total") : c.numeric ? cell(c, totals) : ""}
                    </Table.Td>
                  ))}
                </Table.Tr>
              </Table.Tfoot>
            )}
          </Table>
        </ScrollArea>
      )}
    </Paper>
  );
}

/** A figure in a tile above a report. */
export function Figure({ label, value, testId }: { label: string; value: string | null; testId?: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Skeleton visible={value === null} mt={4}>
        <Text fz="lg" fw={700} data-testid={testId}>
          {value ?? "\u00a0"}
        </Text>
      </Skeleton>
    </Paper>
  );
}
