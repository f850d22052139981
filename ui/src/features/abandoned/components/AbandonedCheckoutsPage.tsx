// Abandoned checkouts (website.abandoned): checkouts shoppers began on the storefront and did
// not complete within the grace period, newest first; search by e-mail or name, a range of the
// store's local days, server paging of the order table's size; a row opens the checkout.
import { Anchor, Text, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { shellConstants } from "../../../core";
import type { AbandonedCheckout } from "../../../types/generated/AbandonedCheckout";
import { type Column, ListPage, useListParams } from "../../../components/records/ListPage";
import { AbandonedStatus } from "./AbandonedStatus";
import { useAbandonedCheckouts } from "../api/abandoned";
import { useFormats } from "../../../hooks/useFormats";

const FILTERS = ["startDate", "endDate"];

export function AbandonedCheckoutsPage() {
  const { t } = useTranslation();
  const formats = useFormats();
  const navigate = useNavigate();
  const list = useListParams(FILTERS);
  const { startDate = "", endDate = "" } = list.filters;
  const query = useAbandonedCheckouts({ page: list.page, search: list.search, startDate, endDate });
  const detail = (checkout: AbandonedCheckout) => `/orders/abandoned/${checkout.id}`;

  const columns: Column<AbandonedCheckout>[] = [
    {
      key: "checkout",
      header: t("abandoned.checkout"),
      render: (checkout) => (
        <Anchor component={Link} to={detail(checkout)} fw={600} onClick={(event) => event.stopPropagation()}>
          {checkout.reference}
        </Anchor>
      ),
    },
    { key: "date", header: t("abandoned.date"), render: (checkout) => formats.date(checkout.createdDate) },
    {
      key: "customer",
      header: t("abandoned.customer"),
      render: (checkout) => (
        <>
          {checkout.customerName && <Text size="sm">{checkout.customerName}</Text>}
          <Text size="sm" c={checkout.customerName ? "dimmed" : undefined}>
            {checkout.email ?? t("abandoned.noContact")}
          </Text>
        </>
      ),
    },
    { key: "items", header: t("abandoned.items"), align: "right", render: (checkout) => Number(checkout.itemCount) },
    {
      key: "subtotal",
      header: t("abandoned.subtotal"),
      align: "right",
      render: (checkout) => formats.money(checkout.subtotal, checkout.currency),
    },
    { key: "status", header: t("abandoned.recovery"), render: (checkout) => <AbandonedStatus status={checkout.status} /> },
  ];

  const filters = (
    <>
      <TextInput type="date" label={t("orders.from")} w={160} value={startDate} onChange={(e) => list.set({ startDate: e.currentTarget.value })} />
      <TextInput type="date" label={t("orders.to")} w={160} value={endDate} onChange={(e) => list.set({ endDate: e.currentTarget.value })} />
    </>
  );

  const filtered = Boolean(list.search || startDate || endDate);
  const minutes = query.data?.afterMinutes ?? 60;
  return (
    <ListPage
      title={t("abandoned.title")}
      searchLabel={t("abandoned.search")}
      filters={filters}
      query={query}
      columns={columns}
      rowKey={(checkout) => checkout.id}
      onOpen={(checkout) => void navigate(detail(checkout))}
      pageSize={shellConstants.orderPageSize}
      list={list}
      empty={
        filtered
          ? { title: t("abandoned.noMatch"), body: t("manage.tryOtherFilters") }
          : { title: t("abandoned.none"), body: t("abandoned.noneBody", { count: minutes }) }
      }
    />
  );
}
