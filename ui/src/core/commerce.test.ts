// The selling rules the admin asks of the real WASM build: countries, address checks, what may
// ship, what a refund gives back (a line's price less its share of the discount), whether an
// order may be cancelled, and the per-line limits asked of those checks.
import { describe, expect, it } from "vitest";
import type { Address } from "../types/generated/Address";
import type { Order } from "../types/generated/Order";
import {
  addressProblems,
  cancelProblem,
  count,
  fulfilmentProblems,
  leftToRefund,
  leftToShip,
  refundLeft,
  refundQuote,
  shippingCountries,
  shippingCountryName,
} from "./commerce";

const n = count;

/** A paid order of two lines (2 × 30.00 and 1 × 40.00), 5.00 shipping, 10 % off with SAVE10. */
function paidOrder(changes: Partial<Order> = {}): Order {
  return {
    id: "o1",
    orderName: "#1001",
    customerInfo: [{ full_name: "Ann Lee", email: "ann@example.com" }],
    createdDate: n(1_700_000_000_000),
    currency: "USD",
    subtotal: 100,
    shipping: 5,
    shippingMethod: "Standard",
    discount: 10,
    tax: 0,
    shippingTax: 0,
    taxesIncluded: false,
    grandTotal: 95,
    financialStatus: "paid",
    fulfillmentStatus: "unfulfilled",
    paymentSource: {},
    lineItems: [
      { title: "Tee", variantTitle: "S", quantity: n(2), price: 30, tax: 0, fulfilledQuantity: n(0), refundedQuantity: n(0), personalization: [] },
      { title: "Mug", variantTitle: "", quantity: n(1), price: 40, tax: 0, fulfilledQuantity: n(0), refundedQuantity: n(0), personalization: [] },
    ],
    test: false,
    note: "",
    discounts: [{ method: "code", code: "SAVE10", valueType: "percent", amount: 10 }],
    refunded: 0,
    fulfillments: [],
    refunds: [],
    timeline: [],
    ...changes,
  };
}

const address: Address = {
  name: "Ann Lee",
  line1: "1 Main St",
  line2: "",
  city: "Springfield",
  region: "IL",
  postcode: "62701",
  country: "US",
  phone: "+1 217 555 0100",
};

describe("countries", () => {
  it("lists the countries a shopper may ship to, with whether they use postcodes", () => {
    const list = shippingCountries();
    expect(list.length).toBeGreaterThan(50);
    expect(list.find((country) => country.code === "US")).toMatchObject({ name: expect.any(String), postcode: true });
    expect(shippingCountryName("VN")).toBe(list.find((country) => country.code === "VN")?.name);
    expect(shippingCountryName("ZZ")).toBe("ZZ");
  });
});

describe("addressProblems", () => {
  it("accepts a full address", () => {
    expect(addressProblems("Shipping address", address, true)).toEqual([]);
  });

  it("names each missing part, starting with the label", () => {
    const problems = addressProblems("Address 2", { ...address, line1: "", country: "" });
    expect(problems.length).toBeGreaterThan(0);
    for (const problem of problems) expect(problem.startsWith("Address 2")).toBe(true);
  });
});

describe("fulfilmentProblems", () => {
  it("accepts lines left to ship with a carrier and tracking number", () => {
    const input = { lines: [{ line: 0, quantity: n(2) }], carrier: "UPS", trackingNumber: "1Z999", notifyCustomer: true };
    expect(fulfilmentProblems(paidOrder(), input)).toEqual([]);
  });

  it("refuses more than is left, a tracking number without carrier, and an unpaid order", () => {
    const over = fulfilmentProblems(paidOrder(), { lines: [{ line: 0, quantity: n(3) }], carrier: "", trackingNumber: "" });
    expect(over.join(" ")).toMatch(/left to ship/);
    const noCarrier = fulfilmentProblems(paidOrder(), { lines: [{ line: 1, quantity: n(1) }], carrier: "", trackingNumber: "1Z" });
    expect(noCarrier.length).toBe(1);
    const pending = fulfilmentProblems(paidOrder({ financialStatus: "pending" }), { lines: [{ line: 1, quantity: n(1) }], carrier: "", trackingNumber: "" });
    expect(pending.length).toBe(1);
  });
});

describe("refundQuote", () => {
  it("gives back a line's price less its share of the discount", () => {
    const answer = refundQuote(paidOrder(), { lines: [{ line: 1, quantity: n(1) }], shipping: 0, restock: true, reason: "" });
    expect(answer.problems).toEqual([]);
    expect(answer.quote).toEqual({ amount: 36, tax: 0, shippingRefundable: 5, refundable: 95 });
  });

  it("gives back exactly what is left when everything is refunded", () => {
    const order = paidOrder();
    const answer = refundQuote(order, {
      lines: [
        { line: 0, quantity: n(2) },
        { line: 1, quantity: n(1) },
      ],
      shipping: 5,
      restock: false,
      reason: "",
    });
    expect(answer.quote?.amount).toBe(95);
  });

  it("refuses more shipping than is left and an empty refund", () => {
    expect(refundQuote(paidOrder(), { lines: [], shipping: 6, restock: false, reason: "" }).quote).toBeNull();
    const empty = refundQuote(paidOrder(), { lines: [], shipping: 0, restock: false, reason: "" });
    expect(empty.quote).toBeNull();
    expect(empty.problems.length).toBe(1);
  });
});

describe("cancelProblem", () => {
  it("lets an order nothing of which shipped be cancelled", () => {
    expect(cancelProblem(paidOrder())).toBeNull();
  });

  it("refuses once lines shipped, and a voided order", () => {
    const shipped = paidOrder({
      lineItems: paidOrder().lineItems.map((line, index) => (index === 0 ? { ...line, fulfilledQuantity: n(1) } : line)),
    });
    expect(cancelProblem(shipped)).toEqual(expect.any(String));
    expect(cancelProblem(paidOrder({ financialStatus: "voided" }))).toEqual(expect.any(String));
  });
});

describe("per-line limits asked of the core", () => {
  it("are what is left to ship and to refund of each line", () => {
    const order = paidOrder({
      lineItems: [
        { title: "Tee", variantTitle: "S", quantity: n(5), price: 10, tax: 0, fulfilledQuantity: n(2), refundedQuantity: n(1), personalization: [] },
        { title: "Mug", variantTitle: "", quantity: n(1), price: 50, tax: 0, fulfilledQuantity: n(0), refundedQuantity: n(1), personalization: [] },
      ],
      refunded: 45,
      financialStatus: "partially_refunded",
    });
    expect(leftToShip(order)).toEqual([2, 0]);
    expect(leftToRefund(order)).toEqual([4, 0]);
    expect(refundLeft(order)).toEqual({ lines: [4, 0], shipping: 5 });
  });

  it("are 0 for every line of an order that may not ship or be refunded", () => {
    const pending = paidOrder({ financialStatus: "pending" });
    expect(leftToShip(pending)).toEqual([0, 0]);
    expect(refundLeft(pending)).toEqual({ lines: [0, 0], shipping: 0 });
  });
});
