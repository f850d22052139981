// The one place the UI formats money, numbers and dates (issue 28 items 7 and 13): every text
// comes from the core's formats, in the store's currency, the store's time zone and the reader's
// language. A vitest check (formats.test.ts) fails on toLocaleString / Intl.NumberFormat /
// Intl.DateTimeFormat anywhere else in ui/src.
import type { Currency } from "../types/generated/Currency";
import * as wasm from "../wasm/core_wasm";
import { shellConstants } from "./index";

/** What part of an instant a format shows (see core-wasm/src/formats.rs). */
export type DateStyle = "dateTime" | "date" | "time" | "dayMonth" | "monthYear" | "notification";

export type { Currency };

/** The currencies a store may choose, the default first. */
export const currencies: Currency[] = wasm.currencies() as Currency[];

/** The currency of this code, or the default one. */
export function currencyOf(code: string | null | undefined): Currency {
  return currencies.find((c) => c.code === code) ?? (currencies[0] as Currency);
}

export function formatMoney(amount: number, currency: string, language: string): string {
  return wasm.formatMoney(amount, currency, language);
}

export function formatNumber(value: number, maxDecimals: number, language: string): string {
  return wasm.formatNumber(value, maxDecimals, language);
}

export function formatPercent(value: number, language: string): string {
  return wasm.formatPercent(value, language);
}

const zoneParts = new Map<string, Intl.DateTimeFormat | null>();

/**
 * The offset from UTC, in minutes, of `zone` at the instant `ms`, read from the browser's
 * time-zone database (the main WebAssembly build carries none; the zoned build is 900 KB). Only
 * the wall-clock fields are read here; the text is the core's. An unknown zone counts as UTC.
 */
export function zoneOffsetMinutes(zone: string, ms: number): number {
  if (!zoneParts.has(zone)) {
    try {
      zoneParts.set(
        zone,
        new Intl.DateTimeFormat("en-US", {
          timeZone: zone,
          hourCycle: "h23",
          year: "numeric",
          month: "numeric",
          day: "numeric",
          hour: "numeric",
          minute: "numeric",
          second: "numeric",
        }),
      );
    } catch {
      zoneParts.set(zone, null);
    }
  }
  const format = zoneParts.get(zone);
  if (!format || !Number.isFinite(ms)) return 0;
  const parts = format.formatToParts(ms);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour") % 24, part("minute"), part("second"));
  return Math.round((wall - Math.floor(ms / 1000) * 1000) / 60_000);
}

/** An instant given as milliseconds (number or digits) or as ISO text; NaN when it is none. */
export function instantOf(value: number | bigint | string | null | undefined): number {
  if (value === null || value === undefined || value === "") return Number.NaN;
  // The generated types say bigint for i64; JSON brings a number.
  if (typeof value !== "string") return Number(value);
  return /^-?\d+$/.test(value.trim()) ? Number(value) : Date.parse(value);
}

/** An instant as the clock of `zone` reads it, in a style, in the reader's language. */
export function formatDate(value: number | bigint | string, zone: string, style: DateStyle, language: string): string {
  const ms = instantOf(value);
  if (!Number.isFinite(ms)) return "";
  return wasm.formatDate(ms, zoneOffsetMinutes(zone, ms), style, language);
}

/** A calendar day (`YYYY-MM-DD`) as the core writes a date in the reader's language
 * (`Nov 25, 2026`, `25/11/2026`): the day itself, read at UTC midnight. */
export function formatDay(day: string, language: string): string {
  return formatDate(Date.parse(`${day.slice(0, 10)}T00:00:00Z`), "UTC", "date", language);
}

/** The formats of one store for one reader. */
export interface Formats {
  currency: Currency;
  zone: string;
  language: string;
  /** Money in the store's currency, or in `currency` (an order keeps the one it was taken in). */
  money(amount: number, currency?: string | null): string;
  number(value: number, maxDecimals?: number): string;
  percent(value: number): string;
  date(value: number | bigint | string, style?: DateStyle): string;
}

/** The formats of a store (currency code and zone; the defaults when unknown) for a language. */
export function storeFormats(currency: string | null | undefined, zone: string | null | undefined, language: string): Formats {
  const code = currencyOf(currency);
  const tz = zone && zone.trim() !== "" ? zone : shellConstants.defaultTimezone;
  return {
    currency: code,
    zone: tz,
    language,
    money: (amount, other) => formatMoney(amount, other || code.code, language),
    number: (value, maxDecimals = 0) => formatNumber(value, maxDecimals, language),
    percent: (value) => formatPercent(value, language),
    date: (value, style = "dateTime") => formatDate(value, tz, style, language),
  };
}
