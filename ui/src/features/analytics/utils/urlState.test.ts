import { describe, expect, it } from "vitest";
import { type OverviewUrlState, parseStores, readUrlState, sameUrlState, writeUrlState } from "./urlState";

const plain: OverviewUrlState = { stores: [], from: null, to: null, tz: null, refresh: false, compare: false, testOrders: false };

describe("reading the Overview's address", () => {
  it("gives the defaults for an empty address", () => {
    expect(readUrlState(new URLSearchParams(""))).toEqual(plain);
  });

  it("reads every parameter the spec names", () => {
    const state = readUrlState(
      new URLSearchParams("stores=a,b&from_time=2026-01-02&to_time=2026-01-31&tz=Asia/Tokyo&refresh=true&compare=true&test_orders=true"),
    );
    expect(state).toEqual({
      stores: ["a", "b"],
      from: "2026-01-02",
      to: "2026-01-31",
      tz: "Asia/Tokyo",
      refresh: true,
      compare: true,
      testOrders: true,
    });
  });

  it("turns auto-refresh on only for the string true", () => {
    for (const value of ["1", "TRUE", "yes", "", "false"]) {
      expect(readUrlState(new URLSearchParams({ refresh: value })).refresh).toBe(false);
    }
    expect(readUrlState(new URLSearchParams({ refresh: "true" })).refresh).toBe(true);
  });

  it("drops blank and repeated store ids and trims spaces", () => {
    expect(parseStores(" a, ,b,a,, c ")).toEqual(["a", "b", "c"]);
    expect(parseStores(null)).toEqual([]);
    expect(readUrlState(new URLSearchParams("stores=,,")).stores).toEqual([]);
  });

  it("takes a range with one end as that one day", () => {
    expect(readUrlState(new URLSearchParams("from_time=2026-03-04"))).toMatchObject({ from: "2026-03-04", to: "2026-03-04" });
    expect(readUrlState(new URLSearchParams("to_time=2026-03-05"))).toMatchObject({ from: "2026-03-05", to: "2026-03-05" });
  });

  it("treats blank values as missing", () => {
    expect(readUrlState(new URLSearchParams("from_time=&to_time=%20&tz="))).toEqual(plain);
  });

  it("keeps dates as typed, for the core to judge", () => {
    expect(readUrlState(new URLSearchParams("from_time=2026-02-30&to_time=soon"))).toMatchObject({
      from: "2026-02-30",
      to: "soon",
    });
  });
});

describe("writing the Overview's address", () => {
  it("writes nothing for the defaults", () => {
    expect(writeUrlState(plain).toString()).toBe("");
  });

  it("writes every parameter with the spec's names, stores comma-joined", () => {
    const params = writeUrlState({
      stores: ["s1", "s2"],
      from: "2026-01-01",
      to: "2026-01-07",
      tz: "Europe/London",
      refresh: true,
      compare: true,
      testOrders: true,
    });
    expect(params.get("stores")).toBe("s1,s2");
    expect(params.get("from_time")).toBe("2026-01-01");
    expect(params.get("to_time")).toBe("2026-01-07");
    expect(params.get("tz")).toBe("Europe/London");
    expect(params.get("refresh")).toBe("true");
    expect(params.get("compare")).toBe("true");
    expect(params.get("test_orders")).toBe("true");
  });

  it("removes what is switched off and keeps parameters it does not own", () => {
    const base = new URLSearchParams("refresh=true&compare=true&tab=x&from_time=2026-01-01&to_time=2026-01-02");
    const params = writeUrlState({ ...plain }, base);
    expect(params.has("refresh")).toBe(false);
    expect(params.has("compare")).toBe(false);
    expect(params.has("from_time")).toBe(false);
    expect(params.get("tab")).toBe("x");
    expect(base.get("refresh")).toBe("true");
  });

  it("writes a half range as one day", () => {
    const params = writeUrlState({ ...plain, from: "2026-05-01" });
    expect(params.get("from_time")).toBe("2026-05-01");
    expect(params.get("to_time")).toBe("2026-05-01");
  });

  it("round-trips: what is written reads back the same", () => {
    const states: OverviewUrlState[] = [
      plain,
      { stores: ["a"], from: "2026-01-01", to: "2026-01-01", tz: null, refresh: true, compare: false, testOrders: false },
      { stores: ["a", "b", "c"], from: "2025-12-01", to: "2026-02-28", tz: "America/New_York", refresh: false, compare: true, testOrders: true },
    ];
    for (const state of states) {
      expect(readUrlState(writeUrlState(state))).toEqual(state);
      expect(sameUrlState(readUrlState(writeUrlState(state)), state)).toBe(true);
    }
  });

  it("tells a changed view from an unchanged one", () => {
    expect(sameUrlState(plain, { ...plain })).toBe(true);
    expect(sameUrlState(plain, { ...plain, refresh: true })).toBe(false);
    expect(sameUrlState({ ...plain, stores: ["a", "a"] }, { ...plain, stores: ["a"] })).toBe(true);
  });
});
