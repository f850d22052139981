// Rules of the store's smaller records and settings, from the WASM core: the built-in apps, the
// sales channels, the choices of the forms, and one check per kind.
import * as wasm from "../wasm/core_wasm";
import type { ProductPatch } from "../types/generated/ProductPatch";
import type { RecordChoices } from "../types/generated/RecordChoices";
import type { StockChange } from "../types/generated/StockChange";

export type { RecordChoices };

export const recordChoices: RecordChoices = wasm.recordChoices() as RecordChoices;

/** The kinds the core checks: record lists and settings. */
export type RecordKind =
  | "size-charts"
  | "option-sets"
  | "reviews"
  | "catalogs"
  | "product-feeds"
  | "cache-purges"
  | "bulk-updates"
  | "apps"
  | "upsell"
  | "sales-channels"
  | "telegram"
  | "storefront"
  | "shipping"
  | "taxes";

/** Every problem of a record or setting of `kind`; empty when the server will take it. */
export function checkRecord(kind: RecordKind, value: unknown, currency: string): string[] {
  return wasm.checkRecord(kind, value, currency);
}

/** Every problem of a batch of stock changes. */
export function checkStock(changes: StockChange[]): string[] {
  return wasm.checkStock(changes);
}

/** Every problem of the bulk editor's changed rows. */
export function checkProductPatches(patches: ProductPatch[], currency: string): string[] {
  return wasm.checkProductPatches(patches, currency);
}
