// The features' screens against the core's route table: a feature draws only routes the table
// names (a misspelt name would leave its route on the placeholder page), and no route is drawn
// by two features (the second would be lost).
import { describe, expect, it } from "vitest";
import { routes } from "../core";
import { features } from "./screens";

describe("the features' screens", () => {
  it("draw and extend only routes of the core's table", () => {
    const names = new Set(routes().map((route) => route.name));
    const used = features.flatMap((feature) => [...Object.keys(feature.named ?? {}), ...Object.keys(feature.under ?? {})]);
    expect(used.filter((name) => !names.has(name))).toEqual([]);
  });

  it("draw each route once", () => {
    const drawn = features.flatMap((feature) => Object.keys(feature.named ?? {}));
    expect(drawn.filter((name, i) => drawn.indexOf(name) !== i)).toEqual([]);
  });
});
