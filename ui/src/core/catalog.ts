// Store-content rules of the WASM core: order states, product and discount checks.
import * as wasm from "../wasm/core_wasm";
import type { CollectionInput } from "../types/generated/CollectionInput";
import type { ContentChoices } from "../types/generated/ContentChoices";
import type { DiscountInput } from "../types/generated/DiscountInput";
import type { FieldProblem } from "../types/generated/FieldProblem";
import type { MenuInput } from "../types/generated/MenuInput";
import type { OrderStatuses } from "../types/generated/OrderStatuses";
import type { PageInput } from "../types/generated/PageInput";
import type { ProductInput } from "../types/generated/ProductInput";
import type { ProductLimits } from "../types/generated/ProductLimits";
import type { ProductOption } from "../types/generated/ProductOption";
import type { Variant } from "../types/generated/Variant";
import type { VariantsOutcome } from "../types/generated/VariantsOutcome";

export type { ContentChoices, FieldProblem, OrderStatuses, ProductLimits, VariantsOutcome };

/** The financial and fulfilment states of an order, in the order the filters show them. */
export const orderStatuses: OrderStatuses = wasm.orderStatuses() as OrderStatuses;

/** Every problem of a product input, in field order; empty when the server will take it. */
export function checkProduct(input: ProductInput, currency: string): string[] {
  return wasm.checkProduct(input, currency);
}

/** Every problem of a product input at its field (`title`, `images.0.alt`, `variants.2.price`),
 * in field order; empty when the server will take it. */
export function checkProductFields(input: ProductInput, currency: string): FieldProblem[] {
  return wasm.checkProductFields(input, currency) as FieldProblem[];
}

/** How many images, options, values of an option and variants a product may have. */
export const productLimits: ProductLimits = wasm.productLimits() as ProductLimits;

/** The variants a product's options make (one per combination of values), keeping what
 * `variants` set for the same values; or the options' problem when they make too many. */
export function variantsForOptions(options: ProductOption[], variants: Variant[], price: number, compareAtPrice: number | undefined): VariantsOutcome {
  return wasm.variantsForOptions(options, variants, price, compareAtPrice) as VariantsOutcome;
}

/** The problem of a discount input, or null. */
export function checkDiscount(input: DiscountInput, currency: string): string | null {
  return wasm.checkDiscount(input, currency) ?? null;
}

/** The problem of a title (`label` names the field in the message), or null. */
export function checkTitle(label: string, title: string): string | null {
  return wasm.checkTitle(label, title) ?? null;
}

/** The choices of content forms: product statuses, collection kinds, where a menu link leads,
 * discount value types, and the font sizes rich text may use. */
export const contentChoices: ContentChoices = wasm.contentChoices() as ContentChoices;

/** Every problem of a page input; empty when the server will take it. */
export function checkPage(input: PageInput): string[] {
  return wasm.checkPage(input);
}

/** Every problem of a menu input. */
export function checkMenu(input: MenuInput): string[] {
  return wasm.checkMenu(input);
}

/** Every problem of a collection input that needs no database. */
export function checkCollection(input: CollectionInput): string[] {
  return wasm.checkCollection(input);
}

/** The address of picture `src` at `width` px (160, 320, 640, 1024 or 1600) for a small picture
 * of the admin: an upload's WebP width, or `src` itself when it has none. */
export function pictureAt(src: string, width: number): string {
  return wasm.pictureAt(src, width);
}
