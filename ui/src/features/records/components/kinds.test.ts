// The router's table of record routes (screens.tsx) agrees with the kinds' specs.
import { describe, expect, it } from "vitest";
import { recordSpecs } from "./kinds";
import { recordRoutes } from "../screens";

describe("record routes", () => {
  it("name every kind, with the spec's editable flag", () => {
    const fromSpecs = Object.fromEntries(Object.entries(recordSpecs).map(([route, spec]) => [route, { editable: spec.editable }]));
    expect(recordRoutes).toEqual(fromSpecs);
  });
});
