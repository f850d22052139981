// The report rules of the core the screens need: the UTM link builder, tracking pixel ids and
// unit costs, checked as the server checks them, and the UTM values of a landing page.
import * as wasm from "../wasm/core_wasm";
import type { PixelIds } from "../types/generated/PixelIds";
import type { UtmLinkInput } from "../types/generated/UtmLinkInput";
import type { UtmValues } from "../types/generated/UtmValues";

export type { PixelIds, UtmLinkInput, UtmValues };

/** A report rule's refusal: a stable code to translate and the English message. */
export interface ReportProblem {
  code: string;
  message: string;
}

/** The campaign link, or null with every problem of what was typed. */
export function utmLink(input: UtmLinkInput): { link: string | null; problems: ReportProblem[] } {
  return wasm.utmLink(input) as { link: string | null; problems: ReportProblem[] };
}

/** Why pixel ids would be refused (empty when they are fine). */
export function checkPixels(ids: PixelIds): ReportProblem[] {
  return wasm.checkPixels(ids) as ReportProblem[];
}

/** Why a unit cost would be refused, or null. */
export function checkUnitCost(amount: number): ReportProblem | null {
  return (wasm.checkUnitCost(amount) as ReportProblem | null) ?? null;
}

/** The UTM source, medium and campaign of a landing page. */
export function utmValues(page: string): UtmValues {
  return wasm.utmValues(page) as UtmValues;
}
