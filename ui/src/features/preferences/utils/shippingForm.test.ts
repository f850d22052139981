import { describe, expect, it } from "vitest";
import type { ShippingSettings } from "../../../types/generated/ShippingSettings";
import { firstUnpriced, rateRow, settingsOf, zoneRow, zoneRows } from "./shippingForm";

const saved: ShippingSettings = {
  zones: [
    {
      name: "North America",
      places: ["CA", "US-CA", "US-NY"],
      restOfWorld: false,
      rates: [
        { name: "Standard", price: 5, condition: "value", maxSubtotal: 100 },
        { name: "Heavy", price: 20, condition: "weight", minGrams: 5000 },
      ],
      freeShippingOver: 150,
    },
    { name: "Everywhere", places: [], restOfWorld: true, rates: [{ name: "Standard", price: 4.99, condition: "flat" }] },
  ],
};

describe("the shipping form's state", () => {
  it("keeps a zone's whole countries apart from its regions, and gives back the same settings", () => {
    const [north] = zoneRows(saved);
    expect(north?.countries).toEqual(["CA"]);
    expect(north?.regions.map((r) => [r.country, r.region])).toEqual([
      ["US", "CA"],
      ["US", "NY"],
    ]);
    expect(settingsOf(zoneRows(saved))).toEqual(saved);
  });

  it("sends only the bounds of a rate's chosen condition", () => {
    const zone = zoneRow(saved.zones[0]);
    const rates = zone.rates.map((rate) => ({ ...rate, condition: "flat" as const }));
    expect(settingsOf([{ ...zone, rates }]).zones[0]?.rates).toEqual([
      { name: "Standard", price: 5, condition: "flat" },
      { name: "Heavy", price: 20, condition: "flat" },
    ]);
  });

  it("writes a region row as country-region, and one without a region as its country", () => {
    const zone = {
      ...zoneRow(),
      regions: [
        { key: 1, country: "US", region: " Ontario " },
        { key: 2, country: "DE", region: "" },
      ],
    };
    expect(settingsOf([zone]).zones[0]?.places).toEqual(["US-Ontario", "DE"]);
  });

  it("finds the first rate with no price typed", () => {
    const priced = zoneRow(saved.zones[1]);
    expect(firstUnpriced([priced])).toBeUndefined();
    expect(firstUnpriced([priced, { ...priced, rates: [...priced.rates, rateRow()] }])).toEqual({ zone: 2, rate: 2 });
  });
});
