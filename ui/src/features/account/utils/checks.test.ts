// The account forms ask the core (the real WASM) and read only the fields they show.
import { describe, expect, it } from "vitest";
import { checkProfileNames, checkStoreName, daysLeft } from "./checks";

describe("account checks", () => {
  it("takes the store name's rule from the core", () => {
    expect(checkStoreName("")?.code).toBe("storeName.required");
    expect(checkStoreName("a")?.code).toBe("storeName.tooShort");
    expect(checkStoreName("x".repeat(51))?.code).toBe("storeName.tooLong");
    expect(checkStoreName("  Hanoi Prints  ")).toBeNull();
  });

  it("checks only the names of a profile", () => {
    expect(checkProfileNames("Lan", "")).toEqual({});
    const found = checkProfileNames("x".repeat(51), "y".repeat(51));
    expect(Object.keys(found).sort()).toEqual(["firstName", "lastName"]);
    expect(found.firstName?.code).toBe("firstName.tooLong");
  });

  it("counts the whole days left of a trial", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(daysLeft("2026-01-15T00:00:00Z", now)).toBe(14);
    expect(daysLeft("2026-01-01T06:00:00Z", now)).toBe(1);
    expect(daysLeft("2025-12-30T00:00:00Z", now)).toBe(0);
    expect(daysLeft("not a date", now)).toBe(0);
  });
});
