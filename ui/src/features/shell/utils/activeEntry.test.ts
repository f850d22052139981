// The drawer's highlighted entry, against the core's own menu.
import { describe, expect, it } from "vitest";
import { menu } from "../../../core";
import { activeEntryKey } from "./activeEntry";

const full = menu({
  email: "owner@storeloom.dev",
  scopes: ["homes", "orders", "products", "discounts"],
  operatorDomain: "storeloom.dev",
  businessType: "other",
});

describe("activeEntryKey", () => {
  it("highlights Abandoned Checkouts, not All Orders, on the abandoned checkouts", () => {
    expect(activeEntryKey(full.entries, "/orders/abandoned")).toBe("abandonedCheckouts");
    expect(activeEntryKey(full.entries, "/orders/abandoned/c1")).toBe("abandonedCheckouts");
  });

  it("keeps All Orders on an order's detail", () => {
    expect(activeEntryKey(full.entries, "/orders")).toBe("allOrders");
    expect(activeEntryKey(full.entries, "/orders/detail/o1")).toBe("allOrders");
  });

  it("matches whole segments and the dashboard only at its own address", () => {
    expect(activeEntryKey(full.entries, "/")).toBe("dashboard");
    expect(activeEntryKey(full.entries, "/ordersx")).toBeNull();
    expect(activeEntryKey(full.entries, "/profile")).toBeNull();
  });
});
