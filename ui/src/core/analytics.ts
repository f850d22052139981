// The analytics math of the WASM core that needs no time zone: metrics, formats, countries,
// paging. Ranges and buckets are in ./zoned, which loads the build with the zone database.
import * as wasm from "../wasm/core_wasm";
import type { ChangeKind } from "../types/generated/ChangeKind";
import type { Country } from "../types/generated/Country";
import type { PagingAction } from "../types/generated/PagingAction";
import type { PagingState } from "../types/generated/PagingState";

export type { ChangeKind, Country, PagingAction, PagingState };

/** Conversion rate = session_converted / vistors x 100. */
export function conversionRate(sessionConverted: number, vistors: number): number {
  return wasm.conversionRate(sessionConverted, vistors);
}

/** Average order value. */
export function aov(totalSales: number, totalOrders: number, currency = "USD"): number {
  return wasm.aov(totalSales, totalOrders, currency) as number;
}

/** Percent change against yesterday; 0 outside today mode. */
export function percentChange(current: number, previous: number, kind: ChangeKind, todayMode: boolean): number {
  return wasm.percentChange(current, previous, kind, todayMode);
}

/** A chart value rounded to 2 decimals. */
export function chartValue(value: number): number {
  return wasm.chartValue(value);
}

/** A revenue axis label with thousands as k. */
export function axisLabel(value: number): string {
  return wasm.axisLabel(value);
}

/** A country's name, or "Unknown". */
export function countryName(code: string): string {
  return wasm.countryName(code);
}

/** The ISO 3166-1 country list. */
export function countries(): Country[] {
  return wasm.countries() as Country[];
}

/** The order table's page after Next or Previous. */
export function pageAfter(state: PagingState, action: PagingAction): number {
  return wasm.pageAfter(state, action);
}
