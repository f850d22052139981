// One order (/orders/detail/:id): line items and totals, the customer, the payment, and the
// fulfil action, offered when the core's fulfilment rule allows it.
import { Button, Group, Stack, Text, Tooltip } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { checkFulfil, moneyWithCode } from "../../../core";
import { errorText } from "../../../lib/errors";
import type { Order } from "../../../types/generated/Order";
import { DetailPage, LineItemsTable, Section } from "../DetailPage";
import { formatDateTime } from "../format";
import { useFulfilOrder, useOrder } from "./api";
import { FinancialBadge, FulfilmentBadge, TestBadge } from "./OrderBadges";

function Line({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between">
      <Text size="sm" fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 400}>
        {value}
      </Text>
    </Group>
  );
}

export function OrderDetailPage() {
  const { t, i18n } = useTranslation();
  const { id = "" } = useParams();
  const query = useOrder(id);
  const fulfil = useFulfilOrder(id);

  function FulfilAction({ order }: { order: Order }) {
    const refusal = checkFulfil(order.financialStatus, order.fulfillmentStatus);
    const button = (
      <Button
        disabled={refusal !== null}
        loading={fulfil.isPending}
        onClick={() =>
          fulfil.mutate(undefined, {
            onSuccess: () => notifications.show({ color: "green", message: t("orders.fulfilled") }),
            onError: (error) => notifications.show({ color: "red", message: errorText(error) }),
          })
        }
      >
        {t("orders.fulfil")}
      </Button>
    );
    return refusal ? <Tooltip label={refusal}>{<span>{button}</span>}</Tooltip> : button;
  }

  return (
    <DetailPage
      back={{ to: "/orders", label: t("orders.title") }}
      query={query}
      title={(order) => order.orderName}
      status={(order) => (
        <>
          <TestBadge test={order.test} />
          <FinancialBadge status={order.financialStatus} />
          <FulfilmentBadge status={order.fulfillmentStatus} />
        </>
      )}
      actions={(order) => <FulfilAction order={order} />}
      main={(order) => (
        <>
          <Section title={t("orders.items")}>
            <LineItemsTable lines={order.lineItems} money={(amount) => moneyWithCode(amount)} />
          </Section>
          <Section title={t("orders.summary")}>
            <Stack gap={6}>
              <Line label={t("orders.subtotal")} value={moneyWithCode(order.subtotal)} />
              <Line label={t("orders.shipping")} value={moneyWithCode(order.shipping)} />
              <Line label={t("orders.discount")} value={moneyWithCode(order.discount)} />
              <Line label={t("orders.total")} value={moneyWithCode(order.grandTotal)} strong />
            </Stack>
          </Section>
        </>
      )}
      side={(order) => (
        <>
          <Section title={t("orders.customer")}>
            <Text fw={600}>{order.customerInfo[0]?.full_name}</Text>
            <Text size="sm" c="dimmed">
              {order.customerInfo[0]?.email}
            </Text>
          </Section>
          <Section title={t("orders.payment")}>
            <Stack gap={6}>
              <Line label={t("orders.status")} value={t(`orders.financial.${order.financialStatus}`)} />
              {order.paymentName && <Line label={t("orders.gateway")} value={order.paymentName} />}
              {order.paymentSource.card && <Line label={t("orders.card")} value={order.paymentSource.card.type} />}
              <Line label={t("orders.placed")} value={formatDateTime(Number(order.createdDate), i18n.language)} />
              {order.capturedDate !== undefined && (
                <Line label={t("orders.captured")} value={formatDateTime(Number(order.capturedDate), i18n.language)} />
              )}
            </Stack>
          </Section>
        </>
      )}
    />
  );
}
