// The report rules of the core the screens need: the UTM link builder, tracking pixel ids and
// unit costs, checked as the server checks them, and the UTM values of a landing page.
import * as wasm from "../wasm/core_wasm";
import type { PixelIds } from "../types/generated/PixelIds";
import type { ReportProblem } from "../types/generated/ReportProblem";
import type { UtmLinkInput } from "../types/generated/UtmLinkInput";
import type { UtmLinkVerdict } from "../types/generated/UtmLinkVerdict";
import type { UtmValues } from "../types/generated/UtmValues";

export type { PixelIds, ReportProblem, UtmLinkInput, UtmLinkVerdict, UtmValues };

/** The campaign link, or null with every problem of what was typed. */
export function utmLink(input: UtmLinkInput): UtmLinkVerdict {
  return wasm.utmLink(input) as UtmLinkVerdict;
}

/** Why pixel ids would be refused (empty when they are fine). */
export function checkPixels(ids: PixelIds): ReportProblem[] {
  return wasm.checkPixels(ids) as ReportProblem[];
}

/** Why a unit cost would be refused, or null. */
export function checkUnitCost(amount: number, currency: string): ReportProblem | null {
  return (wasm.checkUnitCost(amount, currency) as ReportProblem | null) ?? null;
}

/** The UTM source, medium and campaign of a landing page. */
export function utmValues(page: string): UtmValues {
  return wasm.utmValues(page) as UtmValues;
}
