// One customer: contact details, totals, and their orders (the order list searched by their
// e-mail).
import { Anchor, Group, Stack, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { countryName, money, moneyWithCode } from "../../../core";
import { DetailPage, Section } from "../DetailPage";
import { formatDate, formatDateTime } from "../format";
import { useOrders } from "../orders/api";
import { FinancialBadge, FulfilmentBadge } from "../orders/OrderBadges";
import { customers } from "./api";

function CustomerOrders({ email }: { email: string }) {
  const { t, i18n } = useTranslation();
  const orders = useOrders({ page: 1, search: email, financialStatus: "", fulfillmentStatus: "", startDate: "", endDate: "" });
  const rows = orders.data?.rows ?? [];
  if (orders.isPending) return <Text c="dimmed">{t("app.loading")}</Text>;
  if (rows.length === 0) return <Text c="dimmed">{t("customers.noOrders")}</Text>;
  return (
    <Table>
      <Table.Tbody>
        {rows.map((order) => (
          <Table.Tr key={order.id}>
            <Table.Td>
              <Anchor component={Link} to={`/orders/detail/${order.id}`} fw={600}>
                {order.orderName}
              </Anchor>
            </Table.Td>
            <Table.Td>{formatDateTime(Number(order.createdDate), i18n.language)}</Table.Td>
            <Table.Td>
              <Group gap={4}>
                <FinancialBadge status={order.financialStatus} />
                <FulfilmentBadge status={order.fulfillmentStatus} />
              </Group>
            </Table.Td>
            <Table.Td ta="right">{moneyWithCode(order.grandTotal)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function CustomerDetailPage() {
  const { t, i18n } = useTranslation();
  const { id = "" } = useParams();
  const query = customers.useOne(id);
  return (
    <DetailPage
      back={{ to: "/customers", label: t("customers.title") }}
      query={query}
      title={(customer) => customer.fullName}
      main={(customer) => (
        <Section title={t("customers.orders")}>
          <CustomerOrders email={customer.email} />
        </Section>
      )}
      side={(customer) => (
        <>
          <Section title={t("customers.contact")}>
            <Stack gap={4}>
              <Text>{customer.email}</Text>
              {customer.phone && <Text>{customer.phone}</Text>}
              {customer.country && <Text c="dimmed">{countryName(customer.country)}</Text>}
            </Stack>
          </Section>
          <Section title={t("customers.totals")}>
            <Stack gap={4}>
              <Text>{t("customers.ordersCount", { count: Number(customer.ordersCount) })}</Text>
              <Text>{t("customers.spentTotal", { value: money(customer.totalSpent) })}</Text>
              <Text c="dimmed" size="sm">
                {t("customers.since", { date: formatDate(Number(customer.createdAt), i18n.language) })}
              </Text>
            </Stack>
          </Section>
        </>
      )}
    />
  );
}
