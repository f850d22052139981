// The rules that need the IANA time-zone database, from the second WASM build that carries it
// (about 900 KB more). Import this module only from pages that need it (the Overview, the
// notification list, the preferences' time-zone picker), loaded lazily, so the rest of the admin
// does not pay for the database.
import * as wasm from "../wasm-tz/core_wasm";
import type { Buckets } from "../types/generated/Buckets";
import type { DateRange } from "../types/generated/DateRange";
import type { FormVerdict } from "../types/generated/FormVerdict";
import type { PagePreference } from "../types/generated/PagePreference";
import type { ZoneChoice } from "../types/generated/ZoneChoice";

export type { Buckets, DateRange, ZoneChoice };

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

/** The time-zone picker's choices: the database's zones (never a link such as Asia/Saigon), each
 * with its offset from UTC at `nowMs`, from west to east. */
export function zoneChoices(nowMs: number): ZoneChoice[] {
  return wasm.zoneChoices(nowMs) as ZoneChoice[];
}

/** The choice a saved or typed name stands for (a link gives its zone, in any case); throws the
 * error's code for an unknown name. */
export function zoneChoice(name: string, nowMs: number): ZoneChoice {
  return wasm.zoneChoice(name, nowMs) as ZoneChoice;
}

/** The values of the listed zones a search finds: by name, city (`Ho Chi`) or former name
 * (`Saigon`), and UTC for `UTC` or `GMT`. */
export function searchZones(query: string): string[] {
  return wasm.searchZones(query);
}
