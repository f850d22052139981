// The order page's changes as dialogs: fulfil lines with a carrier and tracking number, refund
// lines and shipping, cancel the order. Each is checked live by the core (what may ship, what a
// refund gives back, whether the order may be cancelled) and sent to the server, whose refusal
// is shown in the dialog.
import { Checkbox, Group, NumberInput, SimpleGrid, Stack, Text, TextInput, Textarea } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { count, fulfilmentProblems, leftToShip, refundLeft, refundQuote } from "../../../core";
import type { LineItem } from "../../../types/generated/LineItem";
import type { LineQuantity } from "../../../types/generated/LineQuantity";
import type { Order } from "../../../types/generated/Order";
import { ActionDialog } from "../../../components/records/ActionDialog";
import { useCancelOrder, useFulfilOrder, useRefundOrder } from "../api/orders";
import { useFormats } from "../../../hooks/useFormats";
import { MoneyInput } from "../../../components/MoneyInput";

/** A line's name as the merchant reads it: the product, its variant and what the shopper typed
 * (two lines of one variant differ by their personalization). */
export function lineName(line: LineItem): string {
  const name = line.variantTitle ? `${line.title} — ${line.variantTitle}` : line.title;
  const typed = line.personalization.map((value) => `${value.label}: ${value.value}`).join(", ");
  return typed ? `${name} (${typed})` : name;
}

/** The lines asked for, without those at 0. */
function chosen(quantities: number[]): LineQuantity[] {
  return quantities.flatMap((quantity, line) => (quantity > 0 ? [{ line, quantity: count(quantity) }] : []));
}

/** A whole number typed in a quantity field (an empty field is 0). */
function whole(value: string | number): number {
  const number = typeof value === "number" ? value : Number(value);
  return Number.isFinite(number) ? Math.trunc(number) : 0;
}

/** One quantity field per line, from 0 to what the core says is left of it. */
function LineQuantities({
  order,
  left,
  quantities,
  onChange,
  leftKey,
}: {
  order: Order;
  left: number[];
  quantities: number[];
  onChange: (quantities: number[]) => void;
  leftKey: string;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      {order.lineItems.map((line, index) => (
        <Group key={index} justify="space-between" wrap="nowrap" align="center" gap="sm">
          <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
            <Text size="sm" fw={500} style={{ overflowWrap: "anywhere" }}>
              {lineName(line)}
            </Text>
            <Text size="xs" c="dimmed">
              {t(leftKey, { count: left[index] ?? 0 })}
            </Text>
          </Stack>
          <NumberInput
            aria-label={t("orders.quantityOf", { name: lineName(line) })}
            w={96}
            min={0}
            max={left[index] ?? 0}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="strict"
            disabled={(left[index] ?? 0) === 0}
            value={quantities[index] ?? 0}
            onChange={(value) => onChange(quantities.map((q, i) => (i === index ? whole(value) : q)))}
          />
        </Group>
      ))}
    </Stack>
  );
}

export function FulfilDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const { t } = useTranslation();
  const fulfil = useFulfilOrder(order.id);
  const left = useMemo(() => leftToShip(order), [order]);
  const [quantities, setQuantities] = useState<number[]>(left);
  const [carrier, setCarrier] = useState("");
  const [trackingNumber, setTrackingNumber] = useState("");
  const [notifyCustomer, setNotifyCustomer] = useState(true);
  const input = { lines: chosen(quantities), carrier, trackingNumber, notifyCustomer };
  const problems = fulfilmentProblems(order, input);
  return (
    <ActionDialog
      opened
      title={t("orders.fulfilTitle")}
      onClose={onClose}
      submitLabel={t("orders.fulfilSubmit")}
      problems={problems}
      error={fulfil.error}
      busy={fulfil.isPending}
      onSubmit={() =>
        fulfil.mutate(input, {
          onSuccess: () => {
            notifications.show({ color: "green", message: t("orders.fulfilDone") });
            onClose();
          },
        })
      }
    >
      <LineQuantities order={order} left={left} quantities={quantities} onChange={setQuantities} leftKey="orders.leftToShip" />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t("orders.carrier")} value={carrier} onChange={(e) => setCarrier(e.currentTarget.value)} data-autofocus />
        <TextInput label={t("orders.trackingNumber")} value={trackingNumber} onChange={(e) => setTrackingNumber(e.currentTarget.value)} />
      </SimpleGrid>
      <Checkbox label={t("orders.notifyCustomer")} checked={notifyCustomer} onChange={(e) => setNotifyCustomer(e.currentTarget.checked)} />
    </ActionDialog>
  );
}

export function RefundDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const formats = useFormats();
  const { t } = useTranslation();
  const refund = useRefundOrder(order.id);
  const left = useMemo(() => refundLeft(order), [order]);
  const [quantities, setQuantities] = useState<number[]>(() => left.lines.map(() => 0));
  const [shipping, setShipping] = useState<number>(0);
  const [restock, setRestock] = useState(true);
  const [reason, setReason] = useState("");
  const input = { lines: chosen(quantities), shipping, restock, reason };
  const answer = refundQuote(order, input);
  const quote = answer.quote;
  return (
    <ActionDialog
      opened
      title={t("orders.refundTitle")}
      onClose={onClose}
      submitLabel={quote ? t("orders.refundAmount", { amount: formats.money(quote.amount) }) : t("orders.refund")}
      problems={answer.problems}
      error={refund.error}
      busy={refund.isPending}
      onSubmit={() =>
        refund.mutate(input, {
          onSuccess: () => {
            notifications.show({ color: "green", message: t("orders.refundDone") });
            onClose();
          },
        })
      }
    >
      <LineQuantities order={order} left={left.lines} quantities={quantities} onChange={setQuantities} leftKey="orders.leftToRefund" />
      <MoneyInput
        label={t("orders.refundShipping")}
        description={t("orders.shippingLeft", { amount: formats.money(left.shipping) })}
        min={0}
        allowNegative={false}
        value={shipping}
        onValue={(value) => setShipping(value ?? 0)}
      />
      <Checkbox label={t("orders.restock")} checked={restock} onChange={(e) => setRestock(e.currentTarget.checked)} />
      <Textarea label={t("orders.reason")} autosize minRows={2} value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
      {quote && (
        <Text size="sm" aria-live="polite" data-refund-amount>
          {t("orders.refundWillGive", { amount: formats.money(quote.amount), left: formats.money(quote.refundable) })}
          {quote.tax > 0 ? ` ${t("orders.refundTax", { amount: formats.money(quote.tax) })}` : ""}
        </Text>
      )}
    </ActionDialog>
  );
}

export function CancelOrderDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const { t } = useTranslation();
  const cancel = useCancelOrder(order.id);
  const [restock, setRestock] = useState(true);
  const [reason, setReason] = useState("");
  return (
    <ActionDialog
      opened
      size="md"
      title={t("orders.cancelTitle", { name: order.orderName })}
      onClose={onClose}
      submitLabel={t("orders.cancelOrder")}
      submitColor="red"
      dismissLabel={t("orders.keepOrder")}
      error={cancel.error}
      busy={cancel.isPending}
      onSubmit={() =>
        cancel.mutate(
          { restock, reason },
          {
            onSuccess: () => {
              notifications.show({ color: "green", message: t("orders.cancelDone") });
              onClose();
            },
          },
        )
      }
    >
      <Text size="sm">{t("orders.cancelExplain")}</Text>
      <Checkbox label={t("orders.restock")} checked={restock} onChange={(e) => setRestock(e.currentTarget.checked)} />
      <Textarea label={t("orders.reason")} autosize minRows={2} value={reason} onChange={(e) => setReason(e.currentTarget.value)} data-autofocus />
    </ActionDialog>
  );
}
