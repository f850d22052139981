// Abandoned checkouts: a shopper fills a cart on the Demo Store, opens the checkout, types an
// e-mail and leaves; once the grace period has passed the seller finds the checkout in the list,
// opens it, and its recovery link puts the cart back in another browser. The grace period is not
// shortened for the test: the draft's times are moved back in the test's own database file (the
// way an hour passing would). The list is photographed and checked with axe-core.
import AxeBuilder from "@axe-core/playwright";
import { type Page, expect, test } from "@playwright/test";
import { OWNER, enter, sqlInTestDatabase, watch } from "./helpers";

const SHOTS = "e2e/screenshots";

/** Moves the checkouts of `email` two hours into the past. */
function age(email: string) {
  sqlInTestDatabase(`UPDATE checkout_drafts SET created_at = created_at - 7200000, updated_at = updated_at - 7200000 WHERE email = '${email}';`);
}

/** The next draft save the checkout page sends (optionally one carrying `email`). */
function draftSaved(page: Page, email?: string) {
  return page.waitForResponse(
    (response) =>
      response.url().endsWith("/checkout/draft") && response.request().method() === "POST" && (!email || (response.request().postData() ?? "").includes(email)),
  );
}

test("a checkout left by a shopper is listed for the seller after the grace period, opened and recovered", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const email = `leaver-${Date.now()}@example.com`;

  // The shopper: a product in the cart, the checkout, an e-mail typed, and away.
  await page.goto("/s/demo/");
  await page.locator("[data-section-type=featured-collection] a.card").first().click();
  await expect(page.locator("body")).toHaveClass(/page-product/);
  const title = (await page.locator("h1.p-title").textContent())?.trim() ?? "";
  const chip = page.locator(".chip:not(.out) input").first();
  if (await chip.count()) await chip.check();
  await page.getByRole("button", { name: "Add to cart" }).first().click();
  await expect(page.locator("[data-cart-count]").first()).toHaveText("1");
  const opened = draftSaved(page);
  await page.goto("/s/demo/checkout");
  expect((await opened).status()).toBe(200);
  const typed = draftSaved(page, email);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("E-mail").blur();
  expect((await typed).status()).toBe(200);
  await page.goto("/s/demo/");

  age(email);

  // The seller: the list, searched by the e-mail.
  const problems = watch(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await enter(page, OWNER, /Demo Store/, "/admin/orders/abandoned");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Abandoned checkouts" })).toBeVisible();
  await expect(main.locator("[aria-busy='true']")).toHaveCount(0);
  await expect(main.getByRole("row").filter({ hasText: email })).toBeVisible();
  await expect(main.getByRole("row").filter({ hasText: "Not recovered" }).first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/screen-abandoned.png` });
  const axe = await new AxeBuilder({ page }).include("main").analyze();
  for (const v of axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical")) {
    problems.push(`axe: ${v.id} ${v.nodes.map((n) => n.html.slice(0, 120)).join(" | ")}`);
  }

  await main.getByLabel("Search by e-mail or name").fill(email);
  await expect(main.getByRole("row")).toHaveCount(2);
  const row = main.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("1");
  await expect(row).toContainText("$");

  // A search nobody matches shows the empty state.
  await main.getByLabel("Search by e-mail or name").fill("nobody-matches-this");
  await expect(main.getByText("No abandoned checkouts match")).toBeVisible();
  await main.getByLabel("Search by e-mail or name").fill(email);

  // The detail: the cart's line, the shopper, and the recovery link.
  await main.getByRole("row").filter({ hasText: email }).getByRole("link").click();
  await expect(main.getByRole("heading", { level: 1, name: /^Checkout #/ })).toBeVisible();
  await expect(main.getByRole("region", { name: "Cart" })).toContainText(title);
  await expect(main.getByRole("region", { name: "Customer" })).toContainText(email);
  await expect(main.getByRole("button", { name: "Copy recovery link" })).toBeVisible();
  const link = await main.getByRole("textbox", { name: "Recovery link" }).inputValue();
  expect(link).toContain("/s/demo/checkout?recover=");
  await page.screenshot({ path: `${SHOTS}/screen-abandoned-detail.png` });
  expect(problems).toEqual([]);

  // The link in another browser puts the same cart back and the e-mail in the form.
  const other = await browser.newContext();
  const shopper = await other.newPage();
  const url = new URL(link);
  await shopper.goto(`${new URL(page.url()).origin}${url.pathname}${url.search}`);
  await expect(shopper.locator("[data-summary] .line")).toHaveCount(1);
  await expect(shopper.locator("[data-summary] .line")).toContainText(title);
  await expect(shopper.getByLabel("E-mail")).toHaveValue(email);
  await other.close();
});
