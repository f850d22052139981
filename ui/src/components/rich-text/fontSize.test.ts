import { describe, expect, it } from "vitest";
import { bodyHtml, fontSizeChoice, fontSizeLength } from "./fontSize";

const ALLOWED = [10, 12, 14, 16, 18, 20, 24, 30, 32, 36];

describe("font-size picker values", () => {
  it("reads an allowed size from the mark's CSS length", () => {
    expect(fontSizeChoice("16px", ALLOWED)).toBe("16");
    expect(fontSizeChoice(" 36PX ", ALLOWED)).toBe("36");
  });

  it("shows the default for no size, another unit or a size the core does not allow", () => {
    expect(fontSizeChoice(undefined, ALLOWED)).toBe("");
    expect(fontSizeChoice("1.5em", ALLOWED)).toBe("");
    expect(fontSizeChoice("15px", ALLOWED)).toBe("");
  });

  it("writes a picked size as pixels, and the default as no size", () => {
    expect(fontSizeLength("24")).toBe("24px");
    expect(fontSizeLength("")).toBeNull();
  });

  it("keeps an empty document as an empty body", () => {
    expect(bodyHtml("<p></p>", true)).toBe("");
    expect(bodyHtml("<p><strong>Hi</strong></p>", false)).toBe("<p><strong>Hi</strong></p>");
  });
});
