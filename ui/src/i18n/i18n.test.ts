// Both languages carry the same keys, except the core's texts, whose English comes from the core.
import { describe, expect, it } from "vitest";
import { english as en } from "./english";
import vi from "./vi.json";

function keys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => keys(inner, prefix ? `${prefix}.${key}` : key));
}

describe("translations", () => {
  it("vi.json has every English key", () => {
    const viKeys = new Set(keys(vi));
    expect(keys(en).filter((key) => !viKeys.has(key))).toEqual([]);
  });

  it("vi.json has no key English lacks, other than translations of the core's texts", () => {
    const enKeys = new Set(keys(en));
    expect(keys(vi).filter((key) => !enKeys.has(key) && !key.startsWith("core."))).toEqual([]);
  });

  it("no translation is empty", () => {
    for (const [name, messages] of Object.entries({ en, vi })) {
      for (const key of keys(messages)) {
        const text = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], messages);
        expect(typeof text === "string" && text.trim().length > 0, `${name}:${key}`).toBe(true);
      }
    }
  });
});
