// The discount calls: /stores/discounts (search, method, paging), /stores/discounts/{id}.
import type { Discount } from "../../../types/generated/Discount";
import type { DiscountInput } from "../../../types/generated/DiscountInput";
import type { DiscountList } from "../../../types/generated/DiscountList";
import { resource } from "../../../components/records/resource";

export const discounts = resource<Discount, DiscountInput>({
  key: "discounts",
  path: "/stores/discounts",
  read: (answer) => {
    const list = answer as DiscountList;
    return { rows: list.discounts, total: Number(list.total) };
  },
});

export function discountInput(discount: Discount): DiscountInput {
  return {
    method: discount.method,
    code: discount.code,
    valueType: discount.valueType,
    value: discount.value,
    // The server writes an absent value as null; the form keeps it absent.
    startsAt: discount.startsAt ?? undefined,
    endsAt: discount.endsAt ?? undefined,
    isActive: discount.isActive,
    minSubtotal: discount.minSubtotal ?? undefined,
    usageLimit: discount.usageLimit ?? undefined,
    perCustomerLimit: discount.perCustomerLimit ?? undefined,
  };
}

/** A time in ms as a `datetime-local` value in the browser's zone, and back. */
export function toLocalInput(ms: bigint | number | null | undefined): string {
  if (ms == null) return "";
  const date = new Date(Number(ms));
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** The generated types read Rust's i64 as bigint; on the wire (JSON) it is a plain number. */
export function fromLocalInput(value: string): DiscountInput["startsAt"] {
  if (!value) return undefined;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? undefined : (ms as unknown as bigint);
}
