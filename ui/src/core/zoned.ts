// The rules that need the IANA time-zone database, from the second WASM build that carries it
// (about 900 KB more). Import this module only from pages that need it (the Overview, the
// notification list), loaded lazily, so the rest of the admin does not pay for the database.
import * as wasm from "../wasm-tz/core_wasm";
import type { Buckets } from "../types/generated/Buckets";
import type { DateRange } from "../types/generated/DateRange";
import type { FormVerdict } from "../types/generated/FormVerdict";
import type { PagePreference } from "../types/generated/PagePreference";

export type { Buckets, DateRange };

/** The range `from`..`to` (YYYY-MM-DD, empty for today) in `zone`; throws the error's code. */
export function analyticsRange(from: string, to: string, zone: string, nowMs: number): DateRange {
  return wasm.analyticsRange(from, to, zone, nowMs) as DateRange;
}

/** Today in `zone`. */
export function analyticsToday(zone: string, nowMs: number): DateRange {
  return wasm.analyticsToday(zone, nowMs) as DateRange;
}

/** Yesterday in `zone`. */
export function analyticsYesterday(zone: string, nowMs: number): DateRange {
  return wasm.analyticsYesterday(zone, nowMs) as DateRange;
}

/** The chart buckets of a range. */
export function analyticsBuckets(range: DateRange): Buckets {
  return wasm.analyticsBuckets(range) as Buckets;
}

/** The bucket an instant falls in, or undefined outside the range. */
export function bucketIndex(buckets: Buckets, instantMs: number): number | undefined {
  return wasm.bucketIndex(buckets, instantMs);
}

/** A notification time as `DD-MM-YYYY, HH:mm:ss` in `zone`; throws the error's code. */
export function notificationTime(value: string, zone: string): string {
  return wasm.notificationTime(value, zone);
}

/** The core's verdict on a page preference, its time zone checked against the database. */
export function checkPagePreference(preference: PagePreference): FormVerdict<PagePreference> {
  return wasm.checkPagePreference(preference) as FormVerdict<PagePreference>;
}
