// All Orders (website.orders): search, a date range of the store's local days, financial and
// fulfilment filters (kept in the address, so the dashboard's open orders link opens the
// Unfulfilled filter), server paging of the core's page size, and an export of what the
// filters match as CSV; a row opens the order. Beside the export, the member's own new-order
// alert.
import { Anchor, Button, Group, Select, Text, TextInput } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { orderStatuses, shellConstants } from "../../../core";
import type { Order } from "../../../types/generated/Order";
import { type Column, ListPage, useListParams } from "../../../components/records/ListPage";
import { useExportOrders, useOrders } from "../api/orders";
import { FinancialBadge, FulfilmentBadge, TestBadge } from "./OrderBadges";
import { OrderAlertsSwitch } from "./OrderAlertsSwitch";
import { notifyError } from "../../../lib/events";
import { useFormats } from "../../../hooks/useFormats";

// customerId comes from a customer's page ("all orders of this customer").
const FILTERS = ["financialStatus", "fulfillmentStatus", "startDate", "endDate", "customerId", "test"];
/** The test-order filter's values (the API's `test`; none shows every order). */
const TEST_CHOICES = ["exclude", "only"] as const;

export function OrdersPage() {
  const formats = useFormats();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useListParams(FILTERS);
  const { financialStatus = "", fulfillmentStatus = "", startDate = "", endDate = "", customerId = "", test = "" } = list.filters;
  const query = useOrders({ page: list.page, search: list.search, financialStatus, fulfillmentStatus, startDate, endDate, customerId, test });
  const exportCsv = useExportOrders();
  const detail = (order: Order) => `/orders/detail/${order.id}`;

  const columns: Column<Order>[] = [
    {
      key: "order",
      header: t("orders.order"),
      render: (order) => (
        <Group gap={6} wrap="nowrap">
          <Anchor component={Link} to={detail(order)} fw={600} onClick={(event) => event.stopPropagation()}>
            {order.orderName}
          </Anchor>
          <TestBadge test={order.test} />
        </Group>
      ),
    },
    { key: "date", header: t("orders.date"), render: (order) => formats.date(Number(order.createdDate)) },
    {
      key: "customer",
      header: t("orders.customer"),
      render: (order) => <Text size="sm">{order.customerInfo[0]?.full_name ?? ""}</Text>,
    },
    { key: "total", header: t("orders.total"), align: "right", render: (order) => formats.money(order.grandTotal) },
    { key: "payment", header: t("orders.payment"), render: (order) => <FinancialBadge status={order.financialStatus} /> },
    { key: "fulfilment", header: t("orders.fulfilment"), render: (order) => <FulfilmentBadge status={order.fulfillmentStatus} /> },
  ];

  const filters = (
    <>
      <Select
        label={t("orders.payment")}
        placeholder={t("orders.any")}
        clearable
        w={190}
        value={financialStatus || null}
        data={orderStatuses.financial.map((value) => ({ value, label: t(`orders.financial.${value}`, { defaultValue: value }) }))}
        onChange={(value) => list.set({ financialStatus: value })}
      />
      <Select
        label={t("orders.fulfilment")}
        placeholder={t("orders.any")}
        clearable
        w={190}
        value={fulfillmentStatus || null}
        data={orderStatuses.fulfillment.map((value) => ({ value, label: t(`orders.fulfillment.${value}`, { defaultValue: value }) }))}
        onChange={(value) => list.set({ fulfillmentStatus: value })}
      />
      <Select
        label={t("orders.testOrders")}
        placeholder={t("orders.testShown")}
        clearable
        w={190}
        value={test || null}
        data={TEST_CHOICES.map((value) => ({ value, label: t(`orders.testFilter.${value}`) }))}
        onChange={(value) => list.set({ test: value })}
      />
      <TextInput type="date" label={t("orders.from")} w={160} value={startDate} onChange={(e) => list.set({ startDate: e.currentTarget.value })} />
      <TextInput type="date" label={t("orders.to")} w={160} value={endDate} onChange={(e) => list.set({ endDate: e.currentTarget.value })} />
    </>
  );

  const filtered = Boolean(list.search || financialStatus || fulfillmentStatus || startDate || endDate || customerId || test);
  return (
    <ListPage
      title={t("orders.title")}
      actions={
        <Group gap="md" wrap="wrap" align="center">
          <OrderAlertsSwitch />
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            loading={exportCsv.isPending}
            onClick={() =>
              exportCsv.mutate(
                { search: list.search, financialStatus, fulfillmentStatus, startDate, endDate, customerId, test },
                { onError: (error) => notifyError(error) },
              )
            }
          >
            {t("manage.exportCsv")}
          </Button>
        </Group>
      }
      searchLabel={t("orders.search")}
      filters={filters}
      query={query}
      columns={columns}
      rowKey={(order) => order.id}
      onOpen={(order) => void navigate(detail(order))}
      pageSize={shellConstants.orderPageSize}
      list={list}
      empty={filtered ? { title: t("orders.noMatch"), body: t("manage.tryOtherFilters") } : { title: t("orders.none"), body: t("orders.noneBody") }}
    />
  );
}
