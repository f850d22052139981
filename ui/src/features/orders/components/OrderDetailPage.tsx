// One order (/orders/detail/:id): its lines with what shipped and was refunded, the totals with
// the shipping rate chosen and each discount, the shopper's note and addresses, the fulfilments
// (each may be cancelled), the refunds and the timeline; the actions Fulfil items, Refund and
// Cancel order, each offered when the core says the order allows it.
import { Anchor, Badge, Button, Group, Paper, Stack, Text, Timeline } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { useOpenable } from "../../../hooks/useOpenable";
import { cancelProblem, leftToShip, refundLeft } from "../../../core";
import type { Fulfillment } from "../../../types/generated/Fulfillment";
import type { Order } from "../../../types/generated/Order";
import type { OrderEvent } from "../../../types/generated/OrderEvent";
import { AddressLines } from "../../../components/records/AddressLines";
import { ConfirmDialog } from "../../../components/records/ConfirmDialog";
import { DetailPage, Section } from "../../../components/records/DetailPage";
import { useCancelFulfilment, useOrder } from "../api/orders";
import { FinancialBadge, FulfilmentBadge, TestBadge } from "./OrderBadges";
import { CancelOrderDialog, FulfilDialog, RefundDialog, lineName } from "./OrderDialogs";
import { notifyError } from "../../../lib/events";
import { useFormats } from "../../../hooks/useFormats";

function Line({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text size="sm" fw={strong ? 700 : 400} style={{ overflowWrap: "anywhere" }}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 400} style={{ whiteSpace: "nowrap" }}>
        {value}
      </Text>
    </Group>
  );
}

function OrderLines({ order }: { order: Order }) {
  const formats = useFormats();
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      {order.lineItems.map((line, index) => (
        <Group key={index} justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" fw={500} style={{ overflowWrap: "anywhere" }}>
              {line.title}
            </Text>
            {line.variantTitle && (
              <Text size="xs" c="dimmed">
                {line.variantTitle}
              </Text>
            )}
            {line.personalization.map((value, at) => (
              <Text key={at} size="xs" style={{ overflowWrap: "anywhere" }}>
                {t("orders.personalValue", { label: value.label, value: value.value })}
              </Text>
            ))}
            <Text size="xs" c="dimmed">
              {t("orders.lineProgress", { shipped: Number(line.fulfilledQuantity), refunded: Number(line.refundedQuantity) })}
            </Text>
          </Stack>
          <Text size="sm" style={{ whiteSpace: "nowrap" }}>
            {t("orders.times", { quantity: Number(line.quantity), price: formats.money(line.price) })}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

function Totals({ order }: { order: Order }) {
  const formats = useFormats();
  const { t } = useTranslation();
  return (
    <Stack gap={6}>
      <Line label={t("orders.subtotal")} value={formats.money(order.subtotal)} />
      <Line
        label={order.shippingMethod ? t("orders.shippingMethod", { method: order.shippingMethod }) : t("orders.shipping")}
        value={formats.money(order.shipping)}
      />
      {order.discounts.map((discount, index) => (
        <Line
          key={index}
          label={t(discount.method === "automatic" ? "orders.automaticDiscount" : "orders.codeDiscount", { code: discount.code })}
          value={`−${formats.money(discount.amount)}`}
        />
      ))}
      {order.discounts.length === 0 && order.discount > 0 && <Line label={t("orders.discount")} value={`−${formats.money(order.discount)}`} />}
      {!order.taxesIncluded && order.tax > 0 && <Line label={t("orders.tax")} value={formats.money(order.tax)} />}
      <Line label={t("orders.total")} value={formats.money(order.grandTotal)} strong />
      {order.taxesIncluded && order.tax > 0 && (
        <Text size="sm" c="dimmed" ta="right">
          {t("orders.taxIncluded", { amount: formats.money(order.tax) })}
        </Text>
      )}
      {order.refunded > 0 && <Line label={t("orders.refunded")} value={`−${formats.money(order.refunded)}`} />}
    </Stack>
  );
}

function FulfilmentCard({ order, fulfilment }: { order: Order; fulfilment: Fulfillment }) {
  const formats = useFormats();
  const { t } = useTranslation();
  const cancel = useCancelFulfilment(order.id);
  const [confirming, setConfirming] = useState(false);
  const live = fulfilment.status === "success";
  return (
    <Paper withBorder radius="md" p="md" data-fulfilment={fulfilment.id}>
      <Group justify="space-between" wrap="wrap" gap="xs" mb={6}>
        <Group gap="xs">
          <Badge variant="light" color={live ? "green" : "gray"}>
            {t(`orders.fulfilmentStatus.${fulfilment.status}`, { defaultValue: fulfilment.status })}
          </Badge>
          <Text size="sm" c="dimmed">
            {formats.date(Number(fulfilment.createdAt))}
          </Text>
        </Group>
        {live && (
          <Button size="xs" variant="subtle" color="red" loading={cancel.isPending} onClick={() => setConfirming(true)}>
            {t("orders.cancelFulfilment")}
          </Button>
        )}
      </Group>
      <Stack gap={2}>
        {fulfilment.carrier && <Text size="sm">{t("orders.carrierIs", { carrier: fulfilment.carrier })}</Text>}
        {fulfilment.trackingNumber && <Text size="sm">{t("orders.trackingIs", { number: fulfilment.trackingNumber })}</Text>}
        {fulfilment.lines.map((line) => {
          const item = order.lineItems[line.line];
          return (
            <Text key={line.line} size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
              {t("orders.itemTimes", { name: item ? lineName(item) : `#${line.line + 1}`, quantity: Number(line.quantity) })}
            </Text>
          );
        })}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t("orders.cancelFulfilmentTitle")}
        question={t("orders.cancelFulfilmentQuestion")}
        confirmLabel={t("orders.cancelFulfilment")}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          cancel.mutate(fulfilment.id, {
            onSuccess: () => notifications.show({ color: "green", message: t("orders.fulfilmentCancelled") }),
            onError: (error) => notifyError(error),
          });
        }}
      />
    </Paper>
  );
}

function Refunds({ order }: { order: Order }) {
  const formats = useFormats();
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      {order.refunds.map((refund) => (
        <Stack key={refund.id} gap={0}>
          <Line label={formats.date(Number(refund.createdAt))} value={formats.money(refund.amount)} strong />
          <Text size="sm" c="dimmed">
            {t("orders.refundLine", {
              count: refund.lines.reduce((sum, line) => sum + Number(line.quantity), 0),
              shipping: formats.money(refund.shipping),
            })}
            {refund.tax > 0 ? ` · ${t("orders.refundTaxShort", { amount: formats.money(refund.tax) })}` : ""}
            {refund.restock ? ` · ${t("orders.restocked")}` : ""}
          </Text>
          {refund.reason && (
            <Text size="sm" fs="italic" style={{ overflowWrap: "anywhere" }}>
              “{refund.reason}”
            </Text>
          )}
        </Stack>
      ))}
    </Stack>
  );
}

/** The sentence of a timeline entry, in the reader's language, from its kind and details. */
function useEventText() {
  const formats = useFormats();
  const { t } = useTranslation();
  return (event: OrderEvent): string => {
    const d = event.details ?? {};
    const text = (key: string) => (typeof d[key] === "string" ? (d[key] as string) : "");
    const amount = (key: string) => formats.money(typeof d[key] === "number" ? (d[key] as number) : 0);
    const items = typeof d.items === "number" ? d.items : 0;
    switch (event.kind) {
      case "placed":
        return t(text("payment") === "test" ? "orders.events.placedTest" : "orders.events.placed", { total: amount("total") });
      case "fulfilled": {
        const carrier = text("carrier");
        const tracking = text("trackingNumber");
        const base = t("orders.events.fulfilled", { count: items });
        if (carrier && tracking) return `${base} ${t("orders.events.withTracking", { carrier, tracking })}`;
        return carrier ? `${base} ${t("orders.events.withCarrier", { carrier })}` : base;
      }
      case "fulfillmentCancelled":
        return t("orders.events.fulfillmentCancelled");
      case "refunded": {
        const base = t("orders.events.refunded", { amount: amount("amount"), count: items });
        return [base, d.restock === true ? t("orders.events.restocked") : "", text("reason") ? t("orders.events.reason", { reason: text("reason") }) : ""]
          .filter(Boolean)
          .join(" ");
      }
      case "cancelled": {
        const base = t("orders.events.cancelled", { amount: amount("refunded") });
        return [base, d.restock === true ? t("orders.events.restocked") : "", text("reason") ? t("orders.events.reason", { reason: text("reason") }) : ""]
          .filter(Boolean)
          .join(" ");
      }
      case "emailSent":
        return t("orders.events.emailSent", { to: text("to") });
      case "paid":
        return t("orders.events.paid");
      case "customerEdited":
        return t("orders.events.customerEdited");
      default:
        return event.kind;
    }
  };
}

function OrderTimeline({ order }: { order: Order }) {
  const formats = useFormats();
  const { t } = useTranslation();
  const sentence = useEventText();
  // Newest first: the latest change is what the merchant looks for.
  const events = [...order.timeline].reverse();
  if (events.length === 0) return <Text c="dimmed">{t("orders.noEvents")}</Text>;
  return (
    <Timeline bulletSize={14} lineWidth={2} active={events.length}>
      {events.map((event, index) => (
        <Timeline.Item key={index} title={<Text size="sm">{sentence(event)}</Text>}>
          <Text size="xs" c="dimmed">
            {formats.date(Number(event.at))} · {event.actor || t(event.kind === "placed" ? "orders.events.byCustomer" : "orders.events.bySystem")}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

type Dialog = "fulfil" | "refund" | "cancel" | null;

function Actions({ order, open }: { order: Order; open: (dialog: Dialog) => void }) {
  const { t } = useTranslation();
  const shippable = useMemo(() => leftToShip(order).some((quantity) => quantity > 0), [order]);
  const refundable = useMemo(() => {
    const left = refundLeft(order);
    return left.shipping > 0 || left.lines.some((quantity) => quantity > 0);
  }, [order]);
  const cancellable = useMemo(() => cancelProblem(order) === null, [order]);
  return (
    <>
      {cancellable && (
        <Button variant="subtle" color="red" onClick={() => open("cancel")}>
          {t("orders.cancelOrder")}
        </Button>
      )}
      {refundable && (
        <Button variant="default" onClick={() => open("refund")}>
          {t("orders.refund")}
        </Button>
      )}
      {shippable && <Button onClick={() => open("fulfil")}>{t("orders.fulfilItems")}</Button>}
    </>
  );
}

export function OrderDetailPage() {
  const formats = useFormats();
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const query = useOrder(id);
  // The limited menu has no Customer entry (shell.md §6): the order's customer is a door.
  const customers = useOpenable("website.customer");
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  return (
    <>
      <DetailPage
        back={{ to: "/orders", label: t("orders.title") }}
        query={query}
        title={(order) => order.orderName}
        status={(order) => (
          <>
            <TestBadge test={order.test} />
            <FinancialBadge status={order.financialStatus} />
            <FulfilmentBadge status={order.fulfillmentStatus} />
            {order.cancelledAt != null && (
              <Badge variant="light" color="red">
                {t("orders.cancelled")}
              </Badge>
            )}
          </>
        )}
        actions={(order) => <Actions order={order} open={setDialog} />}
        main={(order) => (
          <>
            <Section title={t("orders.items")}>
              <OrderLines order={order} />
            </Section>
            <Section title={t("orders.summary")}>
              <Totals order={order} />
            </Section>
            {order.fulfillments.length > 0 && (
              <Section title={t("orders.fulfilments")}>
                <Stack gap="sm">
                  {order.fulfillments.map((fulfilment) => (
                    <FulfilmentCard key={fulfilment.id} order={order} fulfilment={fulfilment} />
                  ))}
                </Stack>
              </Section>
            )}
            {order.refunds.length > 0 && (
              <Section title={t("orders.refunds")}>
                <Refunds order={order} />
              </Section>
            )}
            <Section title={t("orders.timeline")}>
              <OrderTimeline order={order} />
            </Section>
          </>
        )}
        side={(order) => (
          <>
            {order.note && (
              <Section title={t("orders.note")}>
                <Text size="sm" style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }} data-order-note>
                  {order.note}
                </Text>
              </Section>
            )}
            <Section title={t("orders.customer")}>
              {customers && order.customerInfo[0]?.id ? (
                <Anchor component={Link} to={`${customers}/${encodeURIComponent(order.customerInfo[0].id)}`} fw={600}>
                  {order.customerInfo[0].full_name}
                </Anchor>
              ) : (
                <Text fw={600}>{order.customerInfo[0]?.full_name}</Text>
              )}
              <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                {order.customerInfo[0]?.email}
              </Text>
            </Section>
            <Section title={t("orders.shippingAddress")}>
              {order.shippingAddress ? <AddressLines address={order.shippingAddress} /> : <Text c="dimmed">{t("orders.noAddress")}</Text>}
            </Section>
            <Section title={t("orders.billingAddress")}>
              {order.billingAddress ? <AddressLines address={order.billingAddress} /> : <Text c="dimmed">{t("orders.sameAsShipping")}</Text>}
            </Section>
            <Section title={t("orders.payment")}>
              <Stack gap={6}>
                <Line label={t("orders.status")} value={t(`orders.financial.${order.financialStatus}`, { defaultValue: order.financialStatus })} />
                {order.paymentName && <Line label={t("orders.gateway")} value={order.paymentName} />}
                {order.paymentSource.card && <Line label={t("orders.card")} value={order.paymentSource.card.type} />}
                <Line label={t("orders.placed")} value={formats.date(Number(order.createdDate))} />
                {order.capturedDate != null && <Line label={t("orders.captured")} value={formats.date(Number(order.capturedDate))} />}
                {order.cancelledAt != null && <Line label={t("orders.cancelled")} value={formats.date(Number(order.cancelledAt))} />}
              </Stack>
            </Section>
          </>
        )}
      />
      {query.data && dialog === "fulfil" && <FulfilDialog order={query.data} onClose={close} />}
      {query.data && dialog === "refund" && <RefundDialog order={query.data} onClose={close} />}
      {query.data && dialog === "cancel" && <CancelOrderDialog order={query.data} onClose={close} />}
    </>
  );
}
