// Selling rules of the WASM core for the admin: the countries a shopper may ship to, address
// checks, and what a fulfilment, a refund or a cancellation of an order would do. Nothing here
// computes an amount, a limit or an eligibility: each answer is the core's.
import * as wasm from "../wasm/core_wasm";
import type { Address } from "../types/generated/Address";
import type { FulfillmentInput } from "../types/generated/FulfillmentInput";
import type { Order } from "../types/generated/Order";
import type { RefundAnswer } from "../types/generated/RefundAnswer";
import type { RefundInput } from "../types/generated/RefundInput";
import type { RefundQuote } from "../types/generated/RefundQuote";
import type { ShippingCountry } from "../types/generated/ShippingCountry";

export type { Address, FulfillmentInput, RefundAnswer, RefundInput, RefundQuote, ShippingCountry };

let shipping: ShippingCountry[] | null = null;

/** Every country a shopper may ship to, by name, with whether its addresses carry a postcode;
 * the list is fixed, read once. */
export function shippingCountries(): ShippingCountry[] {
  shipping ??= wasm.shippingCountries() as ShippingCountry[];
  return shipping;
}

/** The English name of a shipping country's code, or the code itself when it is not one. */
export function shippingCountryName(code: string): string {
  return shippingCountries().find((country) => country.code === code)?.name ?? code;
}

/** Every problem of an address (each message starts with `label`); empty when it is good. */
export function addressProblems(label: string, address: Address, phoneRequired = false): string[] {
  return wasm.addressProblems(label, address, phoneRequired);
}

/** Why the fulfilment cannot be made; empty when it can. */
export function fulfilmentProblems(order: Order, input: FulfillmentInput): string[] {
  return wasm.fulfilmentProblems(order, input);
}

/** What the refund would give back, or why it cannot be made. */
export function refundQuote(order: Order, input: RefundInput): RefundAnswer {
  return wasm.refundQuote(order, input) as RefundAnswer;
}

/** Why the order cannot be cancelled, or null when it can. */
export function cancelProblem(order: Order): string | null {
  return wasm.cancelProblem(order) ?? null;
}

/** A count for a generated type: Rust's i64 is a bigint there, but a plain number on the wire
 * (JSON) and across the WASM boundary. */
export function count(value: number): bigint {
  return value as unknown as bigint;
}

/** The largest quantity from 0 to `most` that `fits` accepts, where `fits` is monotone (a
 * quantity that fits has every smaller one fit). */
function largest(most: number, fits: (quantity: number) => boolean): number {
  let low = 0;
  let high = most;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(middle)) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** How many of each line may still ship: for each line, the most the core's fulfilment check
 * accepts on its own (0 for every line of an order that may not ship). The core exports no
 * per-line figure, so it is asked with trial quantities rather than restated here. */
export function leftToShip(order: Order): number[] {
  return order.lineItems.map((line, index) =>
    largest(
      Number(line.quantity),
      (quantity) => fulfilmentProblems(order, { lines: [{ line: index, quantity: count(quantity) }], carrier: "", trackingNumber: "" }).length === 0,
    ),
  );
}

/** How many of each line may still be refunded, asked of the core's refund quote the same way. */
export function leftToRefund(order: Order): number[] {
  return order.lineItems.map((line, index) =>
    largest(
      Number(line.quantity),
      (quantity) => refundQuote(order, { lines: [{ line: index, quantity: count(quantity) }], shipping: 0, restock: false, reason: "" }).quote !== null,
    ),
  );
}

/** What may still be refunded: each line's quantity, and the shipping (0 when none, or when the
 * order may not be refunded at all), as the core's quotes answer. */
export function refundLeft(order: Order): { lines: number[]; shipping: number } {
  const lines = leftToRefund(order);
  const first = lines.findIndex((quantity) => quantity > 0);
  // Any accepted refund's quote tells the shipping left; with no line left, a cent of shipping.
  const probe: RefundInput =
    first >= 0
      ? { lines: [{ line: first, quantity: count(1) }], shipping: 0, restock: false, reason: "" }
      : { lines: [], shipping: 0.01, restock: false, reason: "" };
  return { lines, shipping: refundQuote(order, probe).quote?.shippingRefundable ?? 0 };
}
