// Taxes from the merchant's screen to the shopper's order (issue 49): the merchant types US rates
// into Preferences → Taxes key by key (Illinois by its name, kept as IL; a rate with too many
// decimals is refused and removed), the cart says tax comes at checkout, the checkout's summary
// adds Illinois' rate once the shopper names the state (by its name), the order page shows the
// same tax, and a Vietnamese reader on a phone finds the same rates in Vietnamese.
import AxeBuilder from "@axe-core/playwright";
import { type Page, expect, test } from "@playwright/test";
import { OWNER, SHOPPER_AGENT, apiSession, call, cartWithOne, enter, newStore, typeIvysAddress, watch } from "./helpers";

const SLOW = { timeout: 30_000 };

/** Adds a rate in the Taxes section: the country picked by typing, region and percent typed key by key. */
async function addRate(page: Page, number: number, country: string, region: string, percent: string) {
  const section = page.getByRole("form", { name: "Taxes" });
  await section.getByRole("button", { name: "Add a rate" }).click();
  const row = section.getByRole("group", { name: `Rate ${number}` });
  const countryField = row.getByRole("combobox", { name: "Country" });
  await countryField.click();
  await countryField.pressSequentially(country.slice(0, 6));
  await page.getByRole("option", { name: country, exact: true }).click();
  if (region) await row.getByRole("textbox", { name: "Region" }).pressSequentially(region);
  await row.getByRole("textbox", { name: "Rate (%)" }).pressSequentially(percent);
}

test("a merchant sets US rates, and the checkout charges Illinois' rate however the shopper writes the state", async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const problems = watch(page);
  const owner = await apiSession(request, OWNER);
  const storeName = `Taxes ${Date.now()}`;
  const store = await newStore(request, owner, storeName);
  const { subdomain } = await call<{ subdomain: string }>(request, owner, "GET", "/stores/current", undefined, store);
  const product = await call<{ handle: string }>(
    request,
    owner,
    "POST",
    "/stores/products",
    {
      title: "Tea Mug",
      descriptionHtml: "",
      images: [],
      price: 19.99,
      options: [],
      variants: [{ id: "", title: "Default", options: [], price: 19.99, stock: 10, sku: "MUG-TAX" }],
      tags: [],
      status: "active",
    },
    store,
  );

  // The merchant's screen: no rates yet, then Illinois at 6.25 % and the rest of the US at 4 %.
  await page.setViewportSize({ width: 1280, height: 900 });
  await enter(page, OWNER, new RegExp(storeName), "/admin/online-store/preferences");
  const section = page.getByRole("form", { name: "Taxes" });
  await expect(section.getByText("No rates: the checkout charges no tax.")).toBeVisible(SLOW);
  await addRate(page, 1, "United States", "Illinois", "6.25");
  await addRate(page, 2, "United States", "", "4");
  // A third with too many decimals is refused by the core's rule, and removed.
  await addRate(page, 3, "Germany", "", "19.0001");
  await section.getByRole("button", { name: "Save taxes" }).click();
  await expect(section.getByRole("alert")).toContainText("A tax rate has at most 3 decimals (8.875).");
  await section.getByRole("button", { name: "Remove rate 3" }).click();
  await section.getByRole("button", { name: "Save taxes" }).click();
  await expect(page.getByText("Tax settings saved.")).toBeVisible(SLOW);
  const axe = await new AxeBuilder({ page }).include("form[aria-labelledby='taxes-title']").analyze();
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  // Kept as saved, the country's own rate first.
  await page.reload();
  await expect(section.getByRole("group", { name: "Rate 1" }).getByRole("textbox", { name: "Rate (%)" })).toHaveValue("4", SLOW);
  await expect(section.getByRole("group", { name: "Rate 2" }).getByRole("textbox", { name: "Region" })).toHaveValue("IL");
  await expect(section.getByRole("group", { name: "Rate 2" }).getByRole("textbox", { name: "Rate (%)" })).toHaveValue("6.25");
  await section.screenshot({ path: "e2e/screenshots/taxes-preferences-1280.png" });

  // A shopper: the cart says tax comes at checkout; the summary adds 6.25 % of 19.99 (1.25)
  // once the state is typed, by its name.
  const shopper = await browser.newContext({ userAgent: SHOPPER_AGENT, viewport: { width: 1280, height: 900 } });
  const shop = await shopper.newPage();
  await cartWithOne(shop, subdomain, product.handle);
  await expect(shop.locator("[data-cart-view]")).toContainText("Taxes calculated at checkout.");
  await expect(shop.locator("[data-cart-view] [data-total]")).toHaveText("$24.98");
  await shop.getByRole("link", { name: "Check out" }).click();
  await typeIvysAddress(shop, "Illinois");
  const summary = shop.locator("[data-summary]");
  await expect(summary.locator("[data-tax]")).toHaveText("$1.25");
  await expect(summary.locator("[data-total]")).toHaveText("$26.23");
  await summary.screenshot({ path: "e2e/screenshots/taxes-checkout-summary-1280.png" });
  await shop.getByRole("button", { name: "Pay now" }).click();
  await expect(shop.getByRole("heading", { name: /Thank you, Ivy/ })).toBeVisible(SLOW);
  await expect(shop.locator("[data-tax]")).toHaveText("$1.25");
  const orderName = (await shop.locator("[data-order-name]").textContent())?.trim() ?? "";
  await shopper.close();

  // The order page shows the same tax, and the state kept as its code.
  await page.goto("/admin/orders");
  await page.getByRole("link", { name: orderName }).click();
  const totals = page.getByRole("region", { name: "Summary" });
  await expect(totals).toContainText("Tax", SLOW);
  await expect(totals).toContainText("$1.25");
  await expect(totals).toContainText("$26.23");
  await totals.screenshot({ path: "e2e/screenshots/taxes-order-1280.png" });
  await expect(page.getByRole("region", { name: "Shipping address" })).toContainText("Springfield, IL, 62701");

  // A Vietnamese reader on a phone finds the same rates, in Vietnamese.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.evaluate(() => localStorage.setItem("storeloom.language", "vi"));
  await page.goto("/admin/online-store/preferences");
  const thuế = page.getByRole("form", { name: "Thuế" });
  await expect(thuế.getByRole("switch", { name: "Giá đã gồm thuế" })).not.toBeChecked(SLOW);
  await expect(thuế.getByRole("group", { name: "Mức thuế 2" }).getByRole("textbox", { name: "Mức thuế (%)" })).toHaveValue("6.25");
  await thuế.screenshot({ path: "e2e/screenshots/taxes-preferences-vi-375.png" });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  await page.evaluate(() => localStorage.setItem("storeloom.language", "en"));
  expect(problems).toEqual([]);
});
