// The design rules through the real WASM build: the same verdicts the server's native build
// gives (core-wasm/tests/designs.rs).
import { describe, expect, it } from "vitest";
import { applyDesign, defaultDesign, defaultPersonalization, defaultText, designChoices, designViews, fitLayer, placeLayer } from "./designs";

describe("the design rules through WASM", () => {
  it("offers the limits and the default designs", () => {
    expect(designChoices.bookPagesMax).toBe(60);
    expect(designChoices.printAreas.map((area) => area.role)).toEqual(["front", "back", "left-sleeve", "right-sleeve"]);
    expect(defaultDesign("print").surfaces.map((s) => s.role)).toEqual(["front", "back"]);
    expect(designViews(defaultDesign("book2"))).toEqual([[0], [1, 2], [3, 4]]);
  });

  it("adds a text layer and refuses a font size over the limit with its code", () => {
    const design = defaultDesign("print");
    const front = design.surfaces[0]!;
    const layer = placeLayer(front, "t", { type: "text", ...defaultText(front, "Hi") });
    const added = applyDesign(design, { op: "addLayer", surface: "front", layer });
    expect(added.error).toBeNull();
    const big = { ...layer, content: { ...layer.content, size: 999 } } as typeof layer;
    const refused = applyDesign(added.design!, { op: "updateLayer", surface: "front", layer: big });
    expect(refused.design).toBeNull();
    expect(refused.error).toMatchObject({ code: "text.size", limit: designChoices.fontSizeMax });
  });

  it("keeps a dragged layer inside its surface and sizes a shopper's field", () => {
    const front = defaultDesign("print").surfaces[0]!;
    const layer = placeLayer(front, "t", { type: "text", ...defaultText(front, "Hi") });
    const fitted = fitLayer(front, { ...layer, x: -50, y: 99_999 }, true);
    expect(fitted.x).toBe(0);
    expect(fitted.y + fitted.height).toBe(front.heightPx);
    expect(defaultPersonalization(defaultText(front, "Hi"), "Name")).toEqual({ label: "Name", maxLength: 20 });
  });

  it("adds pages to a book of spreads two at a time", () => {
    const design = defaultDesign("book2");
    expect(applyDesign(design, { op: "addPages", after: "cover", ids: ["a"] }).error?.code).toBe("page.step");
    const added = applyDesign(design, { op: "addPages", after: "cover", ids: ["a", "b"] });
    expect(added.design?.surfaces.map((s) => s.id).slice(0, 3)).toEqual(["cover", "a", "b"]);
  });
});
