// The Shipping section's form state and the settings it stands for: a zone's whole countries
// apart from its regions (kept as "US-CA"), a rate's bounds for every condition (only the chosen
// condition's are sent), and a price that is not typed yet.
import type { RateCondition } from "../../../types/generated/RateCondition";
import type { ShippingRate } from "../../../types/generated/ShippingRate";
import type { ShippingSettings } from "../../../types/generated/ShippingSettings";
import type { ShippingZone } from "../../../types/generated/ShippingZone";

/** A rate as the form holds it: no price until one is typed, and the bounds of every condition
 * (only the chosen condition's are sent). */
export type RateRow = {
  key: number;
  name: string;
  price: number | undefined;
  condition: RateCondition;
  minSubtotal: number | undefined;
  maxSubtotal: number | undefined;
  minGrams: number | undefined;
  maxGrams: number | undefined;
};

/** A region of a zone as the form holds it: its country and its code or name as typed. */
export type RegionRow = { key: number; country: string; region: string };

/** A zone as the form holds it: its whole countries apart from its regions ("US-CA"). */
export type ZoneRow = {
  key: number;
  name: string;
  restOfWorld: boolean;
  countries: string[];
  regions: RegionRow[];
  freeShippingOver: number | undefined;
  rates: RateRow[];
};

/** The conditions of a rate, in the order its menu lists them. */
export const CONDITIONS: RateCondition[] = ["flat", "value", "weight"];

let nextKey = 0;

/** A saved rate as a row, or a new one: flat, unnamed, no price. */
export const rateRow = (rate?: ShippingRate): RateRow => ({
  key: nextKey++,
  name: rate?.name ?? "",
  price: rate?.price,
  condition: rate?.condition ?? "flat",
  minSubtotal: rate?.minSubtotal ?? undefined,
  maxSubtotal: rate?.maxSubtotal ?? undefined,
  minGrams: rate?.minGrams ?? undefined,
  maxGrams: rate?.maxGrams ?? undefined,
});

/** A region's row: its country and its code or name as typed. */
export const regionRow = (country = "", region = ""): RegionRow => ({ key: nextKey++, country, region });

/** A place is a country code (`DE`) or a country and its region (`US-CA`), a region's row. */
const regionOf = (place: string): RegionRow => regionRow(place.slice(0, place.indexOf("-")), place.slice(place.indexOf("-") + 1));

/** A saved zone as a row, or a new one: unnamed, no places, one new rate. */
export function zoneRow(zone?: ShippingZone): ZoneRow {
  const places = zone?.places ?? [];
  return {
    key: nextKey++,
    name: zone?.name ?? "",
    restOfWorld: zone?.restOfWorld ?? false,
    countries: places.filter((place) => !place.includes("-")),
    regions: places.filter((place) => place.includes("-")).map(regionOf),
    freeShippingOver: zone?.freeShippingOver ?? undefined,
    rates: zone ? zone.rates.map(rateRow) : [rateRow()],
  };
}

/** The form's zones for saved settings. */
export const zoneRows = (settings: ShippingSettings): ZoneRow[] => settings.zones.map(zoneRow);

/** The settings the form stands for; a rate with no price typed yet counts as 0 (it is not sent). */
export function settingsOf(zones: ZoneRow[]): ShippingSettings {
  return {
    zones: zones.map((zone) => ({
      name: zone.name,
      places: [...zone.countries, ...zone.regions.map((r) => (r.region.trim() ? `${r.country}-${r.region.trim()}` : r.country))],
      restOfWorld: zone.restOfWorld,
      freeShippingOver: zone.freeShippingOver,
      rates: zone.rates.map((rate) => ({
        name: rate.name,
        price: rate.price ?? 0,
        condition: rate.condition,
        ...(rate.condition === "value" && { minSubtotal: rate.minSubtotal, maxSubtotal: rate.maxSubtotal }),
        ...(rate.condition === "weight" && { minGrams: rate.minGrams, maxGrams: rate.maxGrams }),
      })),
    })),
  };
}

/** The first rate with no price typed, numbered from 1 with its zone, or undefined when every rate has one. */
export function firstUnpriced(zones: ZoneRow[]): { zone: number; rate: number } | undefined {
  return zones.map((zone, index) => ({ zone: index + 1, rate: zone.rates.findIndex((r) => r.price === undefined) + 1 })).find((at) => at.rate > 0);
}
