// Runs the shell and analytics vectors (also run natively by core-wasm/tests/rules.rs) through
// the real WASM build, with the same dispatch by function name.
import { describe, expect, it } from "vitest";
import * as core from "./index";
import * as zoned from "./zoned";

type Case = { name: string; args: unknown[]; expected?: unknown; error?: string };
type VectorFile = { fn: string; cases: Case[] };

const files = import.meta.glob<VectorFile>("../../../core-wasm/tests/vectors/{shell,analytics}/*.json", {
  eager: true,
  import: "default",
});

// Each vector file names a core function; the WASM exports take the same positional arguments.
const dispatch: Record<string, (...args: never[]) => unknown> = {
  mayOpen: core.mayOpen,
  menu: core.menu,
  landingPath: core.landingPath,
  returnPath: core.returnPath,
  judgeSession: core.judgeSession,
  accessRenewDue: core.accessRenewDue,
  money: core.money,
  moneyWithCode: core.moneyWithCode,
  notificationTime: zoned.notificationTime,
  zoneChoice: zoned.zoneChoice,
  searchZones: zoned.searchZones,
  pageTitle: core.pageTitle,
  subdomainFor: core.subdomainFor,
  reservedSubdomainOf: core.reservedSubdomainOf,
  onboardingView: core.onboardingView,
  rankBadge: core.rankBadge,
  checkRegister: core.checkRegister,
  checkForgotPassword: core.checkForgotPassword,
  checkResetPassword: core.checkResetPassword,
  checkChangePassword: core.checkChangePassword,
  checkStaffInvitation: core.checkStaffInvitation,
  analyticsRange: zoned.analyticsRange,
  analyticsToday: zoned.analyticsToday,
  analyticsYesterday: zoned.analyticsYesterday,
  analyticsBuckets: zoned.analyticsBuckets,
  bucketIndex: zoned.bucketIndex,
  conversionRate: core.conversionRate,
  aov: core.aov,
  percentChange: core.percentChange,
  chartValue: core.chartValue,
  axisLabel: core.axisLabel,
  countryName: core.countryName,
  pageAfter: core.pageAfter,
};

function outcome(fn: (...args: never[]) => unknown, args: unknown[]): { value?: unknown; error?: string } {
  try {
    return { value: fn(...(args as never[])) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

describe.each(Object.entries(files))("%s", (_path, file) => {
  it.each(file.cases)("$name", (vector) => {
    const fn = dispatch[file.fn];
    expect(fn, `no dispatch for ${file.fn}`).toBeDefined();
    const got = outcome(fn!, vector.args);
    if (vector.error !== undefined) {
      expect(got.error).toBe(vector.error);
    } else {
      expect(got.error).toBeUndefined();
      // `null` and `undefined` are the same "no value" across the boundary.
      expect(got.value ?? null).toEqual(vector.expected ?? null);
    }
  });
});

it("found the vector files", () => {
  expect(Object.keys(files).length).toBeGreaterThanOrEqual(28);
});
