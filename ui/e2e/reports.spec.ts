// The report screens of the analytics family against the real server, as the demo owner: sales
// figures equal to the API's (and the CSV's totals), a unit cost saved that changes the profit
// after a reload, UTM sessions sent through the storefront beacon and shown by source, and a
// tracking pixel set, refused when malformed and shared with another store of the owner. Each
// screen is checked for accessibility and photographed on a desktop screen.
import AxeBuilder from "@axe-core/playwright";
import { readFileSync } from "node:fs";
import { type Page, expect, test } from "@playwright/test";
import { OWNER, apiSession, call, enter, newStore } from "./helpers";

const SHOTS = "e2e/screenshots";
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";

test.use({ viewport: { width: 1440, height: 900 } });
// Each test walks a whole screen, checks its accessibility and photographs it.
test.describe.configure({ timeout: 120_000 });

interface Totals {
  orders: number;
  totalSales: number;
  netSales: number;
}

/** Console errors, uncaught exceptions and failed API answers while the test runs. */
function watch(page: Page, allowed: RegExp[] = []): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && !allowed.some((a) => a.test(message.text()))) problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`exception: ${error.message}`));
  page.on("response", (response) => {
    if (response.status() >= 400 && !allowed.some((a) => a.test(`${response.status()} ${response.url()}`)))
      problems.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  return problems;
}

async function checkAccessibility(page: Page, name: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${name}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.html.slice(0, 160)).join(" | ")}`)).toEqual([]);
}

/** A decimal amount as the page writes it, without the currency sign. */
function amount(value: number): string {
  return value.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

test("sales reports show the API's figures by day and by product, sort, and export the same totals", async ({ page, request }) => {
  const owner = await apiSession(request, OWNER);
  const byDay = await call<{ rows: unknown[]; totals: Totals }>(request, owner, "GET", "/stores/reports/sales?lastDays=30");
  const byProduct = await call<{ rows: { label: string; totalSales: number }[] }>(request, owner, "GET", "/stores/reports/sales?lastDays=30&groupBy=product");
  expect(byDay.totals.orders).toBeGreaterThan(0);
  const problems = watch(page);

  await enter(page, OWNER, /Demo Store/, "/admin/analytics/sales-reports");
  await expect(page.getByRole("heading", { name: "Sales reports", level: 1 })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("sales-orders")).toHaveText(String(byDay.totals.orders));
  await expect(page.getByTestId("sales-total")).toContainText(amount(byDay.totals.totalSales));
  await expect(page.getByTestId("sales-net")).toContainText(amount(byDay.totals.netSales));
  // The range reads in the same date format as the orders (the core's), not as ISO days.
  await expect(page.getByTestId("report-range")).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4} to [A-Z][a-z]{2} \d{1,2}, \d{4} \(/);
  const table = page.getByRole("table", { name: "Sales reports" });
  await expect(table.locator("tbody tr")).toHaveCount(byDay.rows.length);
  await expect(table.getByTestId("totals-row")).toContainText(amount(byDay.totals.totalSales));
  await checkAccessibility(page, "sales reports");
  await page.screenshot({ path: `${SHOTS}/reports-sales.png`, fullPage: true });

  // By product: the API's rows; sorting by total sales ascending puts the smallest first.
  await page.getByText("By product", { exact: true }).click();
  await expect(page).toHaveURL(/group=product/);
  await expect(table.locator("tbody tr")).toHaveCount(byProduct.rows.length);
  await table.getByRole("button", { name: "Total sales" }).click();
  await table.getByRole("button", { name: "Total sales" }).click();
  const smallest = [...byProduct.rows].sort((a, b) => a.totalSales - b.totalSales)[0];
  await expect(table.locator("tbody tr").first()).toContainText(amount(smallest?.totalSales ?? Number.NaN));
  await expect(table.getByRole("columnheader", { name: "Total sales" })).toHaveAttribute("aria-sort", "ascending");

  // The CSV: one line per row, the totals last, to the cent.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^sales-by-product-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync(await file.path(), "utf8")
    .trim()
    .split("\n");
  expect(lines).toHaveLength(byProduct.rows.length + 2);
  expect(lines[lines.length - 1]).toMatch(new RegExp(`^Total,,${byDay.totals.orders},.*,${byDay.totals.totalSales.toFixed(2)}$`));
  expect(problems).toEqual([]);
});

test("a unit cost saved on the estimated profit screen changes the profit after a reload", async ({ page, request }) => {
  // The screen lists every product with a cost field: the accessibility check takes longest here.
  test.setTimeout(300_000);
  const owner = await apiSession(request, OWNER);
  interface Product {
    productId: string;
    variantId: string;
    title: string;
    units: number;
    sales: number;
    profit?: number | null;
  }
  interface Report {
    products: Product[];
    totals: { profit: number; unknownCostUnits: number };
  }
  const before = await call<Report>(request, owner, "GET", "/stores/reports/profit?lastDays=30");
  const target = before.products.find((p) => p.profit === null || p.profit === undefined);
  expect(target, "a product without a cost").toBeTruthy();
  if (!target) return;
  const problems = watch(page);

  await enter(page, OWNER, /Demo Store/, "/admin/analytics/estimated-profit");
  await expect(page.getByRole("heading", { name: "Estimated profit", level: 1 })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("profit-total")).toContainText(amount(before.totals.profit));
  await expect(page.getByTestId("unknown-costs")).toContainText(`${before.totals.unknownCostUnits} unit`);
  const products = page.getByRole("table", { name: "By product" });
  const row = products.locator("tbody tr").filter({ hasText: target.title }).first();
  await expect(row).toContainText("No cost");

  // A cost the core refuses never leaves the page.
  const input = page.getByRole("textbox", { name: `Unit cost of ${target.title}`, exact: true });
  const form = page.getByRole("form", { name: `Unit cost of ${target.title}`, exact: true });
  await input.fill("1000001");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form).toContainText("no more decimals than the store");

  await input.fill("3.5");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(`Unit cost of ${target.title} saved.`)).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { name: "Estimated profit", level: 1 })).toBeVisible({ timeout: 30_000 });

  const after = await call<Report>(request, owner, "GET", "/stores/reports/profit?lastDays=30");
  const costed = after.products.find((p) => p.productId === target.productId && p.variantId === target.variantId);
  expect(costed?.profit).not.toBeNull();
  expect(after.totals.profit).not.toBe(before.totals.profit);
  await expect(page.getByTestId("profit-total")).toContainText(amount(after.totals.profit), { timeout: 20_000 });
  await expect(products.locator("tbody tr").filter({ hasText: target.title }).first()).toContainText(amount(costed?.profit ?? 0));
  await expect(page.getByRole("textbox", { name: `Unit cost of ${target.title}`, exact: true })).toHaveValue("3.5");
  await checkAccessibility(page, "estimated profit");
  await page.screenshot({ path: `${SHOTS}/reports-profit.png`, fullPage: true });
  expect(problems).toEqual([]);
});

test("UTM sessions sent by the storefront beacon are shown by source with the API's figures; the link builder checks and composes", async ({
  page,
  request,
}) => {
  const owner = await apiSession(request, OWNER);
  const now = Date.now();
  const events = [0, 1, 2].flatMap((n) => [
    { type: "page_view", sessionId: `e2e-utm-${now}-${n}`, at: now - 60_000 + n, page: `/?utm_source=e2e-newsletter&utm_medium=email&utm_campaign=Winter` },
    { type: "view_content", sessionId: `e2e-utm-${now}-${n}`, at: now - 50_000 + n, page: "/products/linen-shirt" },
  ]);
  const sent = await request.post("/api/storefront/events", { data: { storeKey: owner.storeId, events }, headers: { "User-Agent": CHROME } });
  expect(sent.status()).toBe(202);
  interface Row {
    key: string;
    sessions: number;
  }
  await expect
    .poll(async () => {
      const report = await call<{ rows: Row[] }>(request, owner, "GET", "/stores/reports/utm?lastDays=1");
      return report.rows.find((r) => r.key === "e2e-newsletter")?.sessions ?? 0;
    })
    .toBe(3);
  const report = await call<{ rows: Row[]; totals: { sessions: number; conversions: number; revenue: number } }>(
    request,
    owner,
    "GET",
    "/stores/reports/utm?lastDays=1",
  );
  const problems = watch(page);

  await enter(page, OWNER, /Demo Store/, "/admin/analytics/utm?days=1");
  await expect(page.getByRole("heading", { name: "UTM analytics", level: 1 })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("utm-sessions")).toHaveText(String(report.totals.sessions));
  await expect(page.getByTestId("utm-conversions")).toHaveText(String(report.totals.conversions));
  const table = page.getByRole("table", { name: "UTM analytics" });
  await expect(table.locator("tbody tr").filter({ hasText: "e2e-newsletter" })).toContainText("3");

  // The link builder: the core names what is missing, then composes the link.
  const builder = page.getByRole("form", { name: "Campaign link builder" });
  await builder.getByRole("button", { name: "Build link" }).click();
  await expect(builder.getByRole("alert")).toContainText("The campaign source is required");
  await builder.getByLabel("Page").fill("/products/linen-shirt");
  await builder.getByLabel("Campaign source").fill("newsletter");
  await builder.getByLabel("Campaign medium").fill("email");
  await builder.getByLabel("Campaign name").fill("Black Friday & more");
  await builder.getByRole("button", { name: "Build link" }).click();
  await expect(builder.getByTestId("utm-link")).toHaveText(
    /^https?:\/\/.+\/products\/linen-shirt\?utm_source=newsletter&utm_medium=email&utm_campaign=Black%20Friday%20%26%20more$/,
  );
  await checkAccessibility(page, "utm");
  await page.screenshot({ path: `${SHOTS}/reports-utm.png`, fullPage: true });
  expect(problems).toEqual([]);
});

test("a tracking pixel is refused when malformed, saved, and shared with another store of the owner", async ({ page, request }) => {
  const owner = await apiSession(request, OWNER);
  const partner = await newStore(request, owner, "Pixel Partner Shop");
  const problems = watch(page);

  await enter(page, OWNER, /Demo Store/, "/admin/pixel");
  await expect(page.getByRole("heading", { name: "Tracking pixel", level: 1 })).toBeVisible({ timeout: 20_000 });
  const facebook = page.getByLabel("Meta (Facebook) pixel id");
  await facebook.fill("12345");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "A Facebook pixel id is 15 or 16 digits." })).toBeVisible();

  await facebook.fill("123456789012345");
  await page.getByLabel("Google tag").fill("G-E2E12345");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Pixel saved.")).toBeVisible();

  await page.getByPlaceholder("Choose a store").click();
  await page.getByRole("option", { name: /Pixel Partner Shop/ }).click();
  await page.getByRole("button", { name: "Share", exact: true }).click();
  await expect(page.getByText("Pixel shared.")).toBeVisible();

  await page.reload();
  await expect(page.getByLabel("Meta (Facebook) pixel id")).toHaveValue("123456789012345");
  await expect(page.getByLabel("Google tag")).toHaveValue("G-E2E12345");
  const shared = page.getByRole("table", { name: "Shared with" });
  await expect(shared).toContainText("Pixel Partner Shop");
  const settings = await call<{ pixels: { facebook?: string }; sharedWith: { storeId: string }[] }>(request, owner, "GET", "/stores/reports/pixel");
  expect(settings.pixels.facebook).toBe("123456789012345");
  expect(settings.sharedWith.map((s) => s.storeId)).toContain(partner);
  await checkAccessibility(page, "pixel");
  await page.screenshot({ path: `${SHOTS}/reports-pixel.png`, fullPage: true });

  // Removing asks first, then the store is back among the choices.
  await shared.getByRole("button", { name: "Stop sharing with Pixel Partner Shop" }).click();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: /Delete|Confirm|Yes|Remove/ })
    .click();
  await expect(page.getByText("The pixel is not shared with any store.")).toBeVisible();
  expect(problems).toEqual([]);
});
