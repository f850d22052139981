// The UI's format helpers through the real WASM core, and a check that no screen formats money,
// numbers or dates on its own (issue 28 item 13).
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { currencies, currencyOf, formatDate, formatMoney, instantOf, storeFormats, zoneOffsetMinutes } from "./formats";

// 2026-11-25T23:03:09Z: 3:03 PM in Los Angeles, 06:03 the next day in Ho Chi Minh City.
const ORDER_MS = 1_795_647_789_000;

describe("money in the store's currency", () => {
  it("reads dollars with 2 decimals and dong with none, in both languages", () => {
    expect(formatMoney(1234.5, "USD", "en")).toBe("$1,234.50");
    expect(formatMoney(1234.5, "USD", "vi")).toBe("1.234,50\u00a0$");
    expect(formatMoney(1234.5, "VND", "en")).toBe("₫1,235");
    expect(formatMoney(1234.5, "VND", "vi")).toBe("1.235\u00a0₫");
    expect(formatMoney(30.99, "EUR", "en")).toBe("€30.99");
  });

  it("lists the currencies with the default first", () => {
    expect(currencies[0]).toEqual({ code: "USD", symbol: "$", digits: 2 });
    expect(currencyOf("VND").digits).toBe(0);
    expect(currencyOf("nope").code).toBe("USD");
  });
});

describe("dates in the store's zone", () => {
  it("finds the zone's offset at the instant, summer time included", () => {
    expect(zoneOffsetMinutes("America/Los_Angeles", ORDER_MS)).toBe(-480);
    expect(zoneOffsetMinutes("America/Los_Angeles", Date.UTC(2026, 6, 1))).toBe(-420);
    expect(zoneOffsetMinutes("Asia/Ho_Chi_Minh", ORDER_MS)).toBe(420);
    expect(zoneOffsetMinutes("Not/AZone", ORDER_MS)).toBe(0);
  });

  it("reads the same instant the same way whatever the browser's zone", () => {
    expect(formatDate(ORDER_MS, "America/Los_Angeles", "dateTime", "en")).toBe("Nov 25, 2026, 3:03 PM");
    expect(formatDate(String(ORDER_MS), "Asia/Ho_Chi_Minh", "dateTime", "vi")).toBe("26/11/2026, 06:03");
    expect(formatDate(new Date(ORDER_MS).toISOString(), "America/Los_Angeles", "notification", "vi")).toBe("25-11-2026, 15:03:09");
    expect(formatDate("", "America/Los_Angeles", "date", "en")).toBe("");
    expect(instantOf(BigInt(ORDER_MS))).toBe(ORDER_MS);
  });

  it("binds a store's currency, zone and the reader's language", () => {
    const vi = storeFormats("VND", "Asia/Ho_Chi_Minh", "vi");
    expect(vi.money(92.98)).toBe("93\u00a0₫");
    expect(vi.money(92.98, "USD")).toBe("92,98\u00a0$");
    expect(vi.percent(2.054)).toBe("2,05%");
    expect(vi.number(1234567)).toBe("1.234.567");
    expect(vi.date(ORDER_MS, "date")).toBe("26/11/2026");
    const fallback = storeFormats(null, "", "en");
    expect(fallback.currency.code).toBe("USD");
    expect(fallback.zone).toBe("America/Los_Angeles");
    expect(fallback.date(ORDER_MS, "time")).toBe("3:03 PM");
  });
});

describe("no screen formats on its own", () => {
  const root = join(__dirname, "..");
  const allowed = new Set(["core/formats.ts", "core/formats.test.ts"]);
  const skipped = ["wasm", "wasm-editor", "wasm-tz", "types"];
  const forbidden = /\.toLocale(Date|Time)?String\(|Intl\.(NumberFormat|DateTimeFormat)\b/;

  function sources(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      const rel = relative(root, path);
      if (statSync(path).isDirectory()) return skipped.includes(rel) ? [] : sources(path);
      return /\.(ts|tsx)$/.test(name) && !allowed.has(rel) ? [path] : [];
    });
  }

  it("finds every use of toLocaleString, Intl.NumberFormat and Intl.DateTimeFormat outside core/formats.ts", () => {
    const offenders = sources(root).flatMap((path) =>
      readFileSync(path, "utf8")
        .split("\n")
        .flatMap((line, i) => (forbidden.test(line) ? [`${relative(root, path)}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(offenders).toEqual([]);
  });

  it("would catch one", () => {
    expect(forbidden.test("new Date(ms).toLocaleString()")).toBe(true);
    expect(forbidden.test("new Intl.NumberFormat(language)")).toBe(true);
    expect(forbidden.test("Intl.supportedValuesOf('timeZone')")).toBe(false);
  });
});
