// The element part of safeHtml needs a DOM: ui/e2e/first-hour-gateway.spec.ts runs it in
// Chromium against hostile HTML. Here, the link rule.
import { describe, expect, it } from "vitest";
import { isSafeHref } from "./safeHtml";

describe("isSafeHref", () => {
  it("lets web, mail and relative addresses through", () => {
    expect(isSafeHref("https://help.example/a")).toBe(true);
    expect(isSafeHref("http://help.example/a")).toBe(true);
    expect(isSafeHref("mailto:help@example.com")).toBe(true);
    expect(isSafeHref("/admin/products")).toBe(true);
    expect(isSafeHref("#top")).toBe(true);
  });

  it("refuses scripts and data, however they are spelled", () => {
    expect(isSafeHref("javascript:alert(1)")).toBe(false);
    expect(isSafeHref(" JavaScript:alert(1)")).toBe(false);
    expect(isSafeHref("jav\tascript:alert(1)")).toBe(false);
    expect(isSafeHref("data:text/html,<script>")).toBe(false);
    expect(isSafeHref("vbscript:msgbox")).toBe(false);
  });
});
