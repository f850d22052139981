import { describe, expect, it } from "vitest";
import { newLayer, readLayer, writeLayer } from "./layers";

describe("personalization layers", () => {
  it("reads what the server stored and keeps unknown fields", () => {
    const layer = readLayer({ type: "text", label: "Name", font: "Pacifico", maxLength: 12, required: false, colour: "#000" });
    expect(layer).toMatchObject({ kind: "text", label: "Name", font: "Pacifico", maxLength: 12, required: false });
    expect(writeLayer(layer)).toEqual({ colour: "#000", type: "text", label: "Name", font: "Pacifico", maxLength: 12, required: false });
  });

  it("fills defaults for anything missing or malformed", () => {
    expect(readLayer(null)).toMatchObject({ kind: "text", label: "", font: "", maxLength: 0, required: true });
    expect(readLayer({ type: "image", maxLength: "9" })).toMatchObject({ kind: "image", maxLength: 0 });
  });

  it("sends an image layer without a text layer's font or limit", () => {
    const image = { ...newLayer("image"), label: " Photo ", font: "Pacifico", maxLength: 5 };
    expect(writeLayer(image)).toEqual({ type: "image", label: "Photo", required: true });
  });
});
