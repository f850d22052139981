// The report rules the screens ask of the core, through the built WebAssembly: the same answers
// as the server's (core-wasm/src/reports.rs), and their messages in the reader's language.
import { describe, expect, it } from "vitest";
import { checkPixels, checkUnitCost, utmLink, utmValues } from "../../../core";
import i18n from "../../../i18n";
import { problemText } from "./problems";

describe("report rules", () => {
  it("composes a campaign link with encoded values", () => {
    const verdict = utmLink({
      base: "https://demo.example/",
      path: "/products/linen",
      source: "news",
      medium: "email",
      campaign: "Black Friday & more",
      term: "",
      content: "",
    });
    expect(verdict.problems).toEqual([]);
    expect(verdict.link).toBe("https://demo.example/products/linen?utm_source=news&utm_medium=email&utm_campaign=Black%20Friday%20%26%20more");
  });

  it("names every missing part of a campaign link", () => {
    const verdict = utmLink({ base: "demo.example", path: "", source: "", medium: "", campaign: "x", term: "", content: "" });
    expect(verdict.link).toBeNull();
    expect(verdict.problems.map((p) => p.code)).toEqual(["reports.linkBase", "reports.utmSource", "reports.utmMedium"]);
  });

  it("checks pixel ids and unit costs as the server does", () => {
    expect(checkPixels({ facebook: "123456789012345", google: "AW-123456789" })).toEqual([]);
    expect(checkPixels({ facebook: "123", tiktok: "abc" }).map((p) => p.code)).toEqual(["reports.facebookPixel", "reports.tiktokPixel"]);
    expect(checkUnitCost(12.5, "USD")).toBeNull();
    expect(checkUnitCost(1250, "JPY")).toBeNull();
    expect(checkUnitCost(12.5, "JPY")?.code).toBe("reports.unitCost");
    expect(checkUnitCost(-1, "USD")?.code).toBe("reports.unitCost");
    expect(utmValues("/?utm_source=Google&utm_campaign=Winter%20sale")).toEqual({ source: "google", medium: "", campaign: "Winter sale" });
  });

  it("translates the core's refusals by code", async () => {
    const problem = checkUnitCost(1.234, "USD");
    await i18n.changeLanguage("vi");
    expect(problemText(problem)).toContain("Giá vốn");
    await i18n.changeLanguage("en");
    expect(problemText(problem)).toBe(problem?.message);
    expect(problemText(null)).toBeNull();
  });
});
