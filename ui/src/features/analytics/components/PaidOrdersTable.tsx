// Block 3: the Order paid table (editor-and-analytics.md §2.2, §4): Order (a link to the
// order), Customer, Paid, Amount with USD, Payment Methods; ten a page, Previous and Next with
// "Page X of Y" moved by the core's paging rule (ignored while loading); a loading row while a
// page is on its way, an empty row when there is none. A failure is not announced: the table
// stops loading and offers to try again.
import { Anchor, Button, Group, Loader, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { memo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type PagingAction, moneyWithCode, pageAfter, shellConstants } from "../../../core";
import type { Order } from "../../../types/generated/Order";
import type { ReportFilters } from "../api/filters";
import { usePaidOrders } from "../api/usePaidOrders";
import { useFormats } from "../../../hooks/useFormats";

const COLUMNS = 5;

function paymentMethod(order: Order): string {
  const card = order.paymentSource.card?.type;
  return [order.paymentName, card].filter(Boolean).join(" · ");
}

export const PaidOrdersTable = memo(function PaidOrdersTable({ filters, refresh }: { filters: ReportFilters | null; refresh: boolean }) {
  const { t } = useTranslation();
  const formats = useFormats();
  // The page belongs to one view: a new view starts again at page 1.
  const view = JSON.stringify(filters);
  const [paging, setPaging] = useState({ view, page: 1 });
  const page = paging.view === view ? paging.page : 1;
  const setPage = (next: number) => setPaging({ view, page: next });
  const query = usePaidOrders(filters, page, refresh);
  const data = query.data;
  const loading = filters === null || query.isPending || query.isPlaceholderData || (query.isFetching && query.isError);
  const pageSize = data?.limit || shellConstants.orderPageSize;
  const pageCount = data ? Math.max(1, Math.ceil(Number(data.total) / pageSize)) : page;
  const move = (action: PagingAction) => setPage(pageAfter({ page, pageCount, loading }, action));
  const paidAt = (order: Order) =>
    // The store's zone, as on the Orders screen: the same order reads the same time on both.
    formats.date(Number(order.capturedDate ?? order.createdDate));

  let body;
  if (loading) {
    body = (
      <Table.Tr data-testid="orders-loading">
        <Table.Td colSpan={COLUMNS}>
          <Group gap="xs" justify="center" py="md" aria-busy="true">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              {t("overview.ordersLoading")}
            </Text>
          </Group>
        </Table.Td>
      </Table.Tr>
    );
  } else if (query.isError || !data || data.orders.length === 0) {
    body = (
      <Table.Tr data-testid="orders-empty">
        <Table.Td colSpan={COLUMNS}>
          <Stack align="center" gap={6} py="md">
            <Text size="sm" c="dimmed">
              {t("overview.noOrders")}
            </Text>
            {query.isError && (
              <Button size="compact-sm" variant="subtle" onClick={() => void query.refetch()}>
                {t("overview.retry")}
              </Button>
            )}
          </Stack>
        </Table.Td>
      </Table.Tr>
    );
  } else {
    body = data.orders.map((order) => (
      <Table.Tr key={order.id}>
        <Table.Td>
          <Anchor component={Link} to={`/orders/detail/${order.id}`} fw={600}>
            {order.orderName}
          </Anchor>
        </Table.Td>
        <Table.Td>{order.customerInfo[0]?.full_name || "—"}</Table.Td>
        <Table.Td style={{ whiteSpace: "nowrap" }}>{paidAt(order)}</Table.Td>
        <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
          {/* The spec's Amount column is "shown with USD": the amount and the order's currency code. */}
          {moneyWithCode(order.grandTotal, { currencySign: null, currencyCode: order.currency })}
        </Table.Td>
        <Table.Td>{paymentMethod(order) || "—"}</Table.Td>
      </Table.Tr>
    ));
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="overview-orders">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="overview-orders">
          {t("overview.ordersTitle")}
        </Title>
        <Table.ScrollContainer minWidth={620}>
          <Table verticalSpacing="xs" highlightOnHover aria-labelledby="overview-orders" data-testid="orders-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("overview.order")}</Table.Th>
                <Table.Th>{t("overview.customer")}</Table.Th>
                <Table.Th>{t("overview.paid")}</Table.Th>
                <Table.Th ta="right">{t("overview.amount")}</Table.Th>
                <Table.Th>{t("overview.paymentMethods")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{body}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" size="xs" disabled={page <= 1 || loading} onClick={() => move("previous")}>
            {t("overview.previous")}
          </Button>
          <Text size="sm" data-testid="orders-page" aria-live="polite">
            {t("overview.pageOf", { page, count: pageCount })}
          </Text>
          <Button variant="default" size="xs" disabled={page >= pageCount || loading} onClick={() => move("next")}>
            {t("overview.next")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
});
