// The one detail pattern: a back link, a title with a status line and actions, and sections
// in cards, with a skeleton while the record loads and a plain message when it is gone.
import { Alert, Anchor, Grid, Group, Paper, Skeleton, Stack, Table, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ApiError } from "../../lib/api";
import { errorText } from "../../lib/errors";
import type { LineItem } from "../../types/generated/LineItem";
import { PAGE_WIDTH } from "../widths";

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label={title}>
      <Title order={2} fz="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** The lines of an order or a checkout: product, quantity and price, each price by `money`. */
export function LineItemsTable({ lines, money }: { lines: LineItem[]; money: (amount: number) => string }) {
  const { t } = useTranslation();
  return (
    <Table>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t("orders.product")}</Table.Th>
          <Table.Th ta="right">{t("orders.quantity")}</Table.Th>
          <Table.Th ta="right">{t("orders.price")}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.map((line, index) => (
          <Table.Tr key={`${line.variantId ?? line.productId ?? ""}-${index}`}>
            <Table.Td>{line.title}</Table.Td>
            <Table.Td ta="right">{Number(line.quantity)}</Table.Td>
            <Table.Td ta="right">{money(line.price)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function DetailPage<T>({
  back,
  query,
  title,
  status,
  actions,
  main,
  side,
}: {
  back: { to: string; label: string };
  query: UseQueryResult<T>;
  title: (record: T) => string;
  status?: (record: T) => ReactNode;
  actions?: (record: T) => ReactNode;
  /** The wide column's sections. */
  main: (record: T) => ReactNode;
  /** The narrow column's sections. */
  side?: (record: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const record = query.data;
  return (
    <Stack gap="md" maw={PAGE_WIDTH.form} mx="auto">
      <Anchor component={Link} to={back.to} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          {back.label}
        </Group>
      </Anchor>
      {query.isError ? (
        <Alert color="red" title={query.error instanceof ApiError && query.error.status === 404 ? t("manage.notFound") : t("manage.loadFailed")}>
          {query.error instanceof ApiError && query.error.status === 404 ? t("manage.notFoundBody") : errorText(query.error)}
        </Alert>
      ) : (
        <>
          <Group justify="space-between" wrap="wrap" mih={44}>
            <Skeleton visible={!record} width={record ? "auto" : 240}>
              <Group gap="sm">
                <Title order={1} fz="h2">
                  {record ? title(record) : "\u00a0"}
                </Title>
                {record && status?.(record)}
              </Group>
            </Skeleton>
            <Group gap="xs">{record && actions?.(record)}</Group>
          </Group>
          {record ? (
            <Grid gap="md">
              <Grid.Col span={{ base: 12, md: side ? 8 : 12 }}>
                <Stack gap="md">{main(record)}</Stack>
              </Grid.Col>
              {side && (
                <Grid.Col span={{ base: 12, md: 4 }}>
                  <Stack gap="md">{side(record)}</Stack>
                </Grid.Col>
              )}
            </Grid>
          ) : (
            <Paper withBorder radius="md" p="lg" aria-busy="true">
              <Stack gap="sm">
                <Skeleton height={16} width="60%" />
                <Skeleton height={16} width="45%" />
                <Skeleton height={16} width="52%" />
              </Stack>
            </Paper>
          )}
        </>
      )}
    </Stack>
  );
}
