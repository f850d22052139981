// One customer: contact details, notes, tags, addresses, totals (what they spent is net of
// refunds), and their orders (the order list filtered by the customer), with Edit.
import { Anchor, Badge, Button, Group, Stack, Text } from "@mantine/core";
import { IconPencil } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { countryName } from "../../../core";
import { DetailPage, Section } from "../../../components/records/DetailPage";
import { FinancialBadge, FulfilmentBadge, useOrders } from "../../orders";
import { errorText } from "../../../lib/errors";
import { AddressLines } from "../../../components/records/AddressLines";
import { customers } from "../api/customers";
import { useFormats } from "../../../hooks/useFormats";

function CustomerOrders({ customerId }: { customerId: string }) {
  const formats = useFormats();
  const { t } = useTranslation();
  const orders = useOrders({ page: 1, search: "", financialStatus: "", fulfillmentStatus: "", startDate: "", endDate: "", customerId });
  const rows = orders.data?.rows ?? [];
  if (orders.isError) return <Text c="red">{errorText(orders.error)}</Text>;
  if (orders.isPending) return <Text c="dimmed">{t("app.loading")}</Text>;
  if (rows.length === 0) return <Text c="dimmed">{t("customers.noOrders")}</Text>;
  const total = orders.data?.total ?? 0;
  return (
    <Stack gap="sm">
      {rows.map((order) => (
        <Group key={order.id} justify="space-between" gap="xs" wrap="wrap">
          <Stack gap={0}>
            <Anchor component={Link} to={`/orders/detail/${order.id}`} fw={600}>
              {order.orderName}
            </Anchor>
            <Text size="xs" c="dimmed">
              {formats.date(Number(order.createdDate))}
            </Text>
          </Stack>
          <Group gap={6} wrap="wrap" justify="flex-end">
            <FinancialBadge status={order.financialStatus} />
            <FulfilmentBadge status={order.fulfillmentStatus} />
            <Text size="sm" fw={500}>
              {formats.money(order.grandTotal)}
            </Text>
          </Group>
        </Group>
      ))}
      {total > rows.length && (
        <Anchor component={Link} to={`/orders?customerId=${encodeURIComponent(customerId)}`} size="sm">
          {t("customers.allOrders", { count: total })}
        </Anchor>
      )}
    </Stack>
  );
}

export function CustomerDetailPage() {
  const formats = useFormats();
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const query = customers.useOne(id);
  return (
    <DetailPage
      back={{ to: "/customers", label: t("customers.title") }}
      query={query}
      title={(customer) => customer.fullName}
      actions={(customer) => (
        <Button component={Link} to={`/customers/${customer.id}/edit`} variant="default" leftSection={<IconPencil size={16} />}>
          {t("customers.edit")}
        </Button>
      )}
      main={(customer) => (
        <>
          <Section title={t("customers.orders")}>
            <CustomerOrders customerId={customer.id} />
          </Section>
          {customer.notes && (
            <Section title={t("customers.notes")}>
              <Text size="sm" style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
                {customer.notes}
              </Text>
            </Section>
          )}
        </>
      )}
      side={(customer) => (
        <>
          <Section title={t("customers.contact")}>
            <Stack gap={4}>
              <Text>{customer.email}</Text>
              {customer.phone && <Text>{customer.phone}</Text>}
              {customer.country && <Text c="dimmed">{countryName(customer.country)}</Text>}
              {customer.tags.length > 0 && (
                <Group gap={4} mt={4}>
                  {customer.tags.map((tag) => (
                    <Badge key={tag} variant="light">
                      {tag}
                    </Badge>
                  ))}
                </Group>
              )}
            </Stack>
          </Section>
          <Section title={t("customers.addresses")}>
            {customer.addresses.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t("customers.noAddresses")}
              </Text>
            ) : (
              <Stack gap="sm">
                {customer.addresses.map((address, index) => (
                  <Stack key={index} gap={0}>
                    {index === 0 && (
                      <Text size="xs" c="dimmed" tt="uppercase">
                        {t("customers.defaultAddress")}
                      </Text>
                    )}
                    <AddressLines address={address} />
                  </Stack>
                ))}
              </Stack>
            )}
          </Section>
          <Section title={t("customers.totals")}>
            <Stack gap={4}>
              <Text>{t("customers.ordersCount", { count: Number(customer.ordersCount) })}</Text>
              <Text>{t("customers.spentTotal", { value: formats.money(customer.totalSpent) })}</Text>
              <Text c="dimmed" size="sm">
                {t("customers.since", { date: formats.date(Number(customer.createdAt), "date") })}
              </Text>
            </Stack>
          </Section>
        </>
      )}
    />
  );
}
