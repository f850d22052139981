// The Overview's view kept in the address (editor-and-analytics.md §2.1): `stores`
// (comma-separated), `from_time` and `to_time` (YYYY-MM-DD), `tz`, `refresh` (the string `true`
// turns auto-refresh on), `compare` (the previous period overlaid) and `test_orders` (test
// orders counted). Reading never fails:
// whatever is not there, or is empty, falls back to the page's defaults (the selected store,
// today in the store's zone); the dates themselves are judged by the core's range rule.

/** What the address says about the view; `null` means "the default". */
export interface OverviewUrlState {
  /** Store ids in the order given, without blanks or repeats; empty for the selected store. */
  stores: string[];
  /** First day, YYYY-MM-DD as typed; `null` for today. */
  from: string | null;
  /** Last day (inclusive); `null` for today. */
  to: string | null;
  /** An IANA zone; `null` for the store's standard time zone. */
  tz: string | null;
  /** Auto-refresh on. */
  refresh: boolean;
  /** The previous period overlaid and compared. */
  compare: boolean;
  /** Test orders counted in the figures (off by default). */
  testOrders: boolean;
}

/** The parameter names, as the spec spells them. */
export const PARAMS = {
  stores: "stores",
  from: "from_time",
  to: "to_time",
  tz: "tz",
  refresh: "refresh",
  compare: "compare",
  testOrders: "test_orders",
} as const;

function text(params: URLSearchParams, name: string): string | null {
  const value = params.get(name)?.trim();
  return value ? value : null;
}

/** Splits a comma-separated list of store ids: trimmed, blanks and repeats dropped. */
export function parseStores(value: string | null): string[] {
  const stores: string[] = [];
  for (const id of (value ?? "").split(",")) {
    const trimmed = id.trim();
    if (trimmed && !stores.includes(trimmed)) stores.push(trimmed);
  }
  return stores;
}

/** Reads the view from the address. A range with one end only is that one day. */
export function readUrlState(params: URLSearchParams): OverviewUrlState {
  const from = text(params, PARAMS.from);
  const to = text(params, PARAMS.to);
  return {
    stores: parseStores(params.get(PARAMS.stores)),
    from: from ?? to,
    to: to ?? from,
    tz: text(params, PARAMS.tz),
    refresh: params.get(PARAMS.refresh) === "true",
    compare: params.get(PARAMS.compare) === "true",
    testOrders: params.get(PARAMS.testOrders) === "true",
  };
}

/** Writes the view into the address, keeping any parameter it does not own; defaults are left
 * out so a plain address stays plain. */
export function writeUrlState(state: OverviewUrlState, base: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const params = new URLSearchParams(base);
  const set = (name: string, value: string | null) => {
    if (value) params.set(name, value);
    else params.delete(name);
  };
  const stores = parseStores(state.stores.join(","));
  set(PARAMS.stores, stores.length ? stores.join(",") : null);
  set(PARAMS.from, state.from ?? state.to);
  set(PARAMS.to, state.to ?? state.from);
  set(PARAMS.tz, state.tz);
  set(PARAMS.refresh, state.refresh ? "true" : null);
  set(PARAMS.compare, state.compare ? "true" : null);
  set(PARAMS.testOrders, state.testOrders ? "true" : null);
  return params;
}

/** Whether two views are the same (so an unchanged view writes no history entry). */
export function sameUrlState(a: OverviewUrlState, b: OverviewUrlState): boolean {
  return writeUrlState(a).toString() === writeUrlState(b).toString();
}
