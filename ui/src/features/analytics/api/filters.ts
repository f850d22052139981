// The filters every analytics call takes, as the server names them (fromTime, toTime, stores
// comma-joined, timezone, testOrders), built from one resolved view.

/** A resolved view: the stores, the local days and their zone. */
export interface ReportFilters {
  stores: string[];
  from: string;
  to: string;
  timezone: string;
  /** Test orders counted in the sales and orders (off by default). */
  testOrders: boolean;
}

/** The query string of a report call. */
export function reportQuery(filters: ReportFilters, extra: Record<string, string> = {}): string {
  return new URLSearchParams({
    fromTime: filters.from,
    toTime: filters.to,
    stores: filters.stores.join(","),
    timezone: filters.timezone,
    ...(filters.testOrders ? { testOrders: "include" } : {}),
    ...extra,
  }).toString();
}

/** The query key part of a view. */
export function filtersKey(filters: ReportFilters): (string | string[])[] {
  return [filters.stores, filters.from, filters.to, filters.timezone, filters.testOrders ? "tests" : "no-tests"];
}
