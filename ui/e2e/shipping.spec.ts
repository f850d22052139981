// Shipping zones from the merchant's screen to the shopper's order (issue 49): the merchant weighs
// a kettle on its product page, turns the one world-wide zone a new store has into the United
// States with a second, faster rate, and adds Europe priced by weight, all typed key by key. The
// cart leaves shipping to the checkout; the checkout offers each address its own choices (a
// German kettle is heavy, Japan is not served), the shopper takes Express, and the order page
// names it. A Vietnamese reader on a phone finds the same zones in Vietnamese.
import AxeBuilder from "@axe-core/playwright";
import { type Locator, expect, test } from "@playwright/test";
import { OWNER, SHOPPER_AGENT, apiSession, call, cartWithOne, enter, expectFitsWidth, newStore, typeIvysAddress, watch } from "./helpers";

const SLOW = { timeout: 30_000 };

/** Replaces what a text field holds by typing, key by key. */
async function retype(field: Locator, text: string) {
  await field.click();
  await field.press("Control+a");
  await field.press("Backspace");
  await field.pressSequentially(text);
}

test("a merchant ships to the US and to Europe by weight, and the checkout offers each address its own rates", async ({ page, browser, request }) => {
  test.setTimeout(150_000);
  const problems = watch(page);
  const owner = await apiSession(request, OWNER);
  const storeName = `Zones ${Date.now()}`;
  const store = await newStore(request, owner, storeName);
  const { subdomain } = await call<{ subdomain: string }>(request, owner, "GET", "/stores/current", undefined, store);
  const product = await call<{ id: string; handle: string }>(
    request,
    owner,
    "POST",
    "/stores/products",
    {
      title: "Kettle",
      descriptionHtml: "",
      images: [],
      price: 30,
      options: [],
      variants: [{ id: "", title: "Default", options: [], price: 30, stock: 10, sku: "KETTLE" }],
      tags: [],
      status: "active",
    },
    store,
  );

  // The kettle weighs 1,200 g.
  await page.setViewportSize({ width: 1280, height: 900 });
  await enter(page, OWNER, new RegExp(storeName), `/admin/products/${product.id}`);
  await page.getByRole("textbox", { name: "Weight (g)" }).pressSequentially("1200");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved", { exact: true })).toBeVisible(SLOW);

  // The world-wide zone becomes the United States, with Express beside Standard.
  await page.goto("/admin/online-store/preferences");
  const section = page.getByRole("form", { name: "Shipping" });
  const domestic = section.getByRole("group", { name: "Zone 1" });
  await expect(domestic.getByRole("textbox", { name: "Zone name" })).toHaveValue("Everywhere", SLOW);
  await expect(section.getByRole("button", { name: "Save shipping" })).toBeDisabled();
  await retype(domestic.getByRole("textbox", { name: "Zone name" }), "United States");
  await domestic.getByRole("switch", { name: "Rest of the world" }).click({ force: true });
  const countries = domestic.getByRole("combobox", { name: "Countries" });
  await countries.click();
  await countries.pressSequentially("United St");
  await page.getByRole("option", { name: "United States", exact: true }).click();
  await page.keyboard.press("Escape");
  await domestic.getByRole("button", { name: "Add a rate" }).click();
  const express = domestic.getByRole("group", { name: "Rate 2" });
  await express.getByRole("textbox", { name: "Rate name" }).pressSequentially("Express");
  await express.getByRole("textbox", { name: "Price" }).pressSequentially("15");
  // Europe: Germany, by weight, up to 1,000 g light and heavier heavy.
  await section.getByRole("button", { name: "Add a zone" }).click();
  const europe = section.getByRole("group", { name: "Zone 2" });
  await europe.getByRole("textbox", { name: "Zone name" }).pressSequentially("Europe");
  const european = europe.getByRole("combobox", { name: "Countries" });
  await european.click();
  await european.pressSequentially("Germ");
  await page.getByRole("option", { name: "Germany", exact: true }).click();
  await page.keyboard.press("Escape");
  for (const [number, name, price, bound, grams] of [
    [1, "Light", "9", "Highest weight (g)", "1000"],
    [2, "Heavy", "20", "Lowest weight (g)", "1001"],
  ] as const) {
    if (number > 1) await europe.getByRole("button", { name: "Add a rate" }).click();
    const rate = europe.getByRole("group", { name: `Rate ${number}` });
    await rate.getByRole("textbox", { name: "Rate name" }).pressSequentially(name);
    await rate.getByRole("textbox", { name: "Price" }).pressSequentially(price);
    await rate.getByRole("combobox", { name: "Condition" }).click();
    await page.getByRole("option", { name: "By weight" }).click();
    await rate.getByRole("textbox", { name: bound }).pressSequentially(grams);
  }
  await section.getByRole("button", { name: "Save shipping" }).click();
  await expect(page.getByText("Shipping settings saved.")).toBeVisible(SLOW);
  const axe = await new AxeBuilder({ page }).include("form[aria-labelledby='shipping-title']").analyze();
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  const saved = await call<{ zones: { name: string; places: string[]; restOfWorld: boolean; rates: { name: string; price: number }[] }[] }>(
    request,
    owner,
    "GET",
    "/stores/settings/shipping",
    undefined,
    store,
  );
  expect(saved.zones.map((z) => [z.name, z.places, z.restOfWorld, z.rates.map((r) => `${r.name} ${r.price}`)])).toEqual([
    ["United States", ["US"], false, ["Standard 4.99", "Express 15"]],
    ["Europe", ["DE"], false, ["Light 9", "Heavy 20"]],
  ]);
  await section.screenshot({ path: "e2e/screenshots/shipping-zones-1280.png" });

  // A shopper: the cart leaves shipping to the checkout, which offers the address's rates.
  const shopper = await browser.newContext({ userAgent: SHOPPER_AGENT, viewport: { width: 1280, height: 900 } });
  const shop = await shopper.newPage();
  await cartWithOne(shop, subdomain, product.handle);
  await expect(shop.locator("[data-cart-view] [data-shipping]")).toHaveText("Calculated at checkout");
  await expect(shop.locator("[data-cart-view] [data-total]")).toHaveText("$30.00");
  await shop.getByRole("link", { name: "Check out" }).click();
  await typeIvysAddress(shop, "IL");
  const summary = shop.locator("[data-summary]");
  const methods = shop.getByRole("group", { name: "Shipping method" });
  await expect(methods.getByRole("radio", { name: "Standard $4.99" })).toBeChecked();
  await expect(summary.locator("[data-total]")).toHaveText("$34.99");
  await methods.getByRole("radio", { name: "Express $15.00" }).check();
  await expect(summary.locator("[data-shipping]")).toHaveText("$15.00");
  await expect(summary.locator("[data-total]")).toHaveText("$45.00");
  // In Germany the kettle (1,200 g) is heavy; Japan is in no zone.
  await shop.locator('[name="shipping.country"]').selectOption("DE");
  await expect(methods.getByRole("radio")).toHaveCount(1);
  await expect(methods.getByRole("radio", { name: "Heavy $20.00" })).toBeChecked();
  await shop.locator('[name="shipping.country"]').selectOption("JP");
  await expect(shop.locator("[data-shipping-problem]")).toHaveText("This store does not ship to Japan.");
  await shop.locator('[name="shipping.country"]').selectOption("US");
  await methods.getByRole("radio", { name: "Express $15.00" }).check();
  await expect(summary.locator("[data-total]")).toHaveText("$45.00");
  await shop.locator(".co-ship").screenshot({ path: "e2e/screenshots/shipping-checkout-1280.png" });
  await shop.getByRole("button", { name: "Pay now" }).click();
  await expect(shop.getByRole("heading", { name: /Thank you, Ivy/ })).toBeVisible(SLOW);
  await expect(shop.getByText("Shipping (Express)")).toBeVisible();
  const orderName = (await shop.locator("[data-order-name]").textContent())?.trim() ?? "";
  await shopper.close();

  // On a phone, with the keyboard: the choices fit, and an arrow key takes Express.
  const phone = await browser.newContext({ userAgent: SHOPPER_AGENT, viewport: { width: 375, height: 812 } });
  const small = await phone.newPage();
  await cartWithOne(small, subdomain, product.handle);
  await small.getByRole("link", { name: "Check out" }).click();
  await typeIvysAddress(small, "IL");
  const choices = small.getByRole("group", { name: "Shipping method" });
  await choices.getByRole("radio", { name: "Standard $4.99" }).focus();
  await small.keyboard.press("ArrowDown");
  await expect(choices.getByRole("radio", { name: "Express $15.00" })).toBeChecked();
  await expect(small.locator("[data-summary] [data-total]")).toHaveText("$45.00");
  await expect(choices.getByRole("radio", { name: "Express $15.00" })).toBeFocused();
  await expectFitsWidth(small, 375, "the checkout");
  await small.locator(".co-ship").screenshot({ path: "e2e/screenshots/shipping-checkout-375.png" });
  await phone.close();

  // The order page names the rate taken.
  await page.goto("/admin/orders");
  await page.getByRole("link", { name: orderName }).click();
  const totals = page.getByRole("region", { name: "Summary" });
  await expect(totals).toContainText("Shipping (Express)", SLOW);
  await expect(totals).toContainText("$15.00");
  await expect(totals).toContainText("$45.00");

  // A Vietnamese reader on a phone finds the same zones, in Vietnamese.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.evaluate(() => localStorage.setItem("storeloom.language", "vi"));
  await page.goto("/admin/online-store/preferences");
  const vậnChuyển = page.getByRole("form", { name: "Vận chuyển" });
  await expect(vậnChuyển.getByRole("group", { name: "Khu vực 2" })).toBeVisible(SLOW);
  await vậnChuyển.screenshot({ path: "e2e/screenshots/shipping-zones-vi-375.png" });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  await page.evaluate(() => localStorage.setItem("storeloom.language", "en"));
  expect(problems).toEqual([]);
});
