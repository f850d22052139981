import { describe, expect, it } from "vitest";
import { amount, distinct, imageKeys, problemsByPath, wireInteger } from "./productForm";

describe("the product form's helpers", () => {
  it("keeps the first problem of each field", () => {
    const byPath = problemsByPath([
      { path: "variants.0.price", code: "product.variantPrice.range", message: "first" },
      { path: "title", code: "product.title.required", message: "title" },
      { path: "variants.0.price", code: "product.variantPrice.decimals", message: "second" },
    ]);
    expect(byPath.get("variants.0.price")?.message).toBe("first");
    expect(byPath.get("title")?.code).toBe("product.title.required");
    expect(byPath.has("price")).toBe(false);
  });

  it("says a repeated message once, in order", () => {
    expect(distinct(["b", "a", "b"])).toEqual(["b", "a"]);
  });

  it("gives images keys that follow them, numbering a repeated address", () => {
    expect(
      imageKeys([
        { src: "/a.png", alt: "" },
        { src: "/b.png", alt: "" },
        { src: "/a.png", alt: "x" },
      ]),
    ).toEqual(["/a.png", "/b.png", "/a.png#1"]);
  });

  it("reads a number field as an amount or nothing", () => {
    expect(amount(12.5)).toBe(12.5);
    expect(amount("7")).toBe(7);
    expect(amount("")).toBeUndefined();
    expect(amount("abc")).toBeUndefined();
  });

  it("sends a stock as a plain whole number", () => {
    expect(JSON.stringify({ stock: wireInteger(12.7) })).toBe('{"stock":12}');
  });
});
