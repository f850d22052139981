// The Overview dashboard against the real server and the demo store's 90 days of traffic and
// orders: the default view (today in the store's zone), the address written on every change and
// restoring the view, every number checked against the analytics endpoints for the same
// filters, the single-day chart's six buckets, the order table's paging, today mode's changes,
// the CSV export's totals, the comparison, a refused address, and the 1280 and 375 px layouts.
import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, type Locator, type Page, expect as baseExpect, test } from "@playwright/test";
import { readFileSync } from "node:fs";
import { OWNER, type ApiSession, apiSession, call, enter, newStore } from "./helpers";

const ZONE = "America/Los_Angeles";

// The page loads the time-zone core and ECharts on first use; on a busy machine that takes a
// few seconds.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

/** A day as YYYY-MM-DD in `zone`, `back` days before today. */
/** A `YYYY-MM-DD` day as the page writes it in English ("Nov 25, 2026"). */
function shownDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
}

function dayIn(zone: string, back = 0): string {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
  const date = new Date(`${parts}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - back);
  return date.toISOString().slice(0, 10);
}

const money = (value: number) => `$${value.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const count = (value: number) => value.toLocaleString("en-US");
const percent = (value: number) => `${value.toLocaleString("en-US", { maximumFractionDigits: 2 })}%`;

interface Step {
  value: number;
}
interface Overview {
  current: {
    range: { from: string; to: string; todayMode: boolean; timezone: string };
    conversion: { vistors: Step; view_content: Step; add_to_cart: Step; reached_checkout: Step; session_converted: Step };
    sales: { total_sales: number; details: { labels: number[]; dataset: number[] } };
    orders: { total_orders: number };
    aov: { aov: number };
    conversion_rate: number;
    locations: { key: string; session_count: { value: number } }[];
  };
  changes: Record<string, number>;
  period_changes: Record<string, number>;
}
interface OrderList {
  orders: { id: string; orderName: string; grandTotal: number }[];
  total: number;
  limit: number;
}

function query(stores: string[], from: string, to: string, zone = ZONE): string {
  return new URLSearchParams({ fromTime: from, toTime: to, stores: stores.join(","), timezone: zone }).toString();
}

/** The numbers the page must show, fetched from the analytics endpoints one by one. */
async function expected(request: APIRequestContext, session: ApiSession, stores: string[], from: string, to: string) {
  const q = query(stores, from, to);
  const [conversion, sales, orders, aov, overview] = await Promise.all([
    call<Overview["current"]["conversion"]>(request, session, "GET", `/stores/analytics/conversion?${q}`),
    call<Overview["current"]["sales"]>(request, session, "GET", `/stores/analytics/sales?${q}`),
    call<Overview["current"]["orders"]>(request, session, "GET", `/stores/analytics/orders?${q}`),
    call<Overview["current"]["aov"]>(request, session, "GET", `/stores/analytics/aov?${q}`),
    call<Overview>(request, session, "GET", `/stores/analytics/overview?${q}`),
  ]);
  return { conversion, sales, orders, aov, overview };
}

const card = (page: Page, id: string): Locator => page.getByTestId(id);
const value = (page: Page, id: string): Locator => card(page, id).getByTestId("value");

/** Checks every card, metric and the first table page against the endpoints. */
async function expectNumbers(page: Page, request: APIRequestContext, session: ApiSession, stores: string[], from: string, to: string) {
  const want = await expected(request, session, stores, from, to);
  await expect(page.getByTestId("overview-range")).toContainText(shownDay(from));
  await expect(value(page, "stat-visitors")).toHaveText(count(want.conversion.vistors.value));
  await expect(value(page, "stat-view-product")).toHaveText(count(want.conversion.view_content.value));
  await expect(value(page, "stat-added-to-cart")).toHaveText(count(want.conversion.add_to_cart.value));
  await expect(value(page, "stat-reached-checkout")).toHaveText(count(want.conversion.reached_checkout.value));
  await expect(value(page, "metric-total-sales")).toHaveText(money(want.sales.total_sales));
  await expect(value(page, "metric-total-orders")).toHaveText(count(want.orders.total_orders));
  await expect(value(page, "metric-aov")).toHaveText(money(want.aov.aov));
  await expect(value(page, "metric-cr")).toHaveText(percent(want.overview.current.conversion_rate));
  const list = await call<OrderList>(
    request,
    session,
    "GET",
    `/stores/analytics/paid-orders?${new URLSearchParams({ page: "1", limit: "10", startDate: from, endDate: to, timezone: ZONE, financialStatus: "paid", stores: stores.join(",") })}`,
  );
  const rows = page.getByTestId("orders-table").locator("tbody tr");
  const first = list.orders[0];
  if (!first) {
    await expect(page.getByTestId("orders-empty")).toContainText("No paid orders in this period.");
  } else {
    await expect(rows).toHaveCount(list.orders.length);
    await expect(rows.first().getByRole("link")).toHaveText(first.orderName);
    await expect(rows.first().getByRole("link")).toHaveAttribute("href", `/admin/orders/detail/${first.id}`);
    await expect(rows.first().locator("td").nth(3)).toHaveText(
      `${first.grandTotal.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })} USD`,
    );
  }
  await expect(page.getByTestId("orders-page")).toHaveText(`Page 1 of ${Math.max(1, Math.ceil(list.total / list.limit))}`);
  return { ...want, list };
}

async function openOverview(page: Page, path = "/admin/analytics") {
  await page.goto(path);
  // A new tab loads the admin, the time-zone core and the page's chunks afresh.
  await expect(page.getByRole("heading", { name: "Overview dashboard", level: 1 })).toBeVisible({ timeout: 45_000 });
}

test("the default view is today in the store's zone, with the endpoints' numbers, six chart buckets and today's changes", async ({ page, request }) => {
  const owner = await apiSession(request, OWNER);
  await enter(page, OWNER, /Demo Store/);
  await openOverview(page);
  const today = dayIn(ZONE);

  await expect(page.getByTestId("overview-range")).toHaveText(`${shownDay(today)} · ${ZONE}`);
  const want = await expectNumbers(page, request, owner, [owner.storeId], today, today);
  expect(want.overview.current.range.todayMode).toBe(true);

  // One day: six 4-hour buckets, the chart drawn by ECharts.
  await expect(page.getByTestId("chart-data").locator("tbody tr")).toHaveCount(6);
  expect(want.sales.details.labels).toHaveLength(6);
  await expect(page.getByTestId("revenue-chart").locator("canvas")).toBeVisible();

  // Today mode: "vs Yesterday" with an arrow exactly where the change is not zero.
  const changes: [string, string][] = [
    ["stat-visitors", "vistors"],
    ["stat-view-product", "view_content"],
    ["stat-added-to-cart", "add_to_cart"],
    ["stat-reached-checkout", "reached_checkout"],
    ["metric-total-sales", "total_sales"],
    ["metric-total-orders", "total_orders"],
    ["metric-aov", "aov"],
    ["metric-cr", "conversion_rate"],
  ];
  let shown = 0;
  for (const [id, key] of changes) {
    const change = want.overview.changes[key] ?? 0;
    const element = card(page, id).getByTestId("change");
    if (change === 0) {
      await expect(element).toHaveCount(0);
    } else {
      shown += 1;
      await expect(element).toContainText("vs Yesterday");
      await expect(element).toContainText(`${Math.abs(change).toLocaleString("en-US", { maximumFractionDigits: 2 })}%`);
      await expect(element.locator("[data-direction]")).toHaveAttribute("data-direction", change > 0 ? "up" : "down");
    }
  }
  await expect(page.getByText("vs Yesterday")).toHaveCount(shown);

  // The legend lists each country and its sessions.
  const legend = page.getByTestId("locations-legend").locator("li");
  if (want.overview.current.locations.length > 0) {
    await expect(legend).toHaveCount(want.overview.current.locations.length);
    await expect(legend.first()).toContainText(count(want.overview.current.locations[0]?.session_count.value ?? 0));
  }
});

test("changing dates and stores rewrites the address, and opening it restores the view", async ({ page, request, context }) => {
  const owner = await apiSession(request, OWNER);
  const second = await newStore(request, owner, `Overview ${Date.now()}`);
  await enter(page, OWNER, /Demo Store/);
  await openOverview(page);
  const today = dayIn(ZONE);

  // A preset of the range picker.
  await page.getByTestId("date-range").click();
  await page.getByRole("button", { name: "Last 30 days" }).click();
  const from = dayIn(ZONE, 29);
  await expect(page).toHaveURL(new RegExp(`from_time=${from}&to_time=${today}`));
  await expectNumbers(page, request, owner, [owner.storeId], from, today);
  // Several days: one point a day.
  await expect(page.getByTestId("chart-data").locator("tbody tr")).toHaveCount(30);

  // A second store in the multi-select.
  const stores = page.getByRole("combobox", { name: "Stores" });
  await stores.click();
  await page.getByRole("option", { name: /^Overview / }).click();
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(new RegExp(`stores=${owner.storeId}%2C${second}`));
  await expectNumbers(page, request, owner, [owner.storeId, second], from, today);

  // Auto-refresh is kept in the address as the string true.
  await page.getByRole("switch", { name: "Auto-refresh (every 5 minutes)" }).click();
  await expect(page.getByRole("switch", { name: "Auto-refresh (every 5 minutes)" })).toBeChecked();
  await expect(page).toHaveURL(/refresh=true/);

  // The same address in a new tab shows the same view.
  const address = page.url();
  const other = await context.newPage();
  await openOverview(other, address);
  await expect(other.getByRole("switch", { name: "Auto-refresh (every 5 minutes)" })).toBeChecked();
  await expect(other.getByText("Demo Store").first()).toBeVisible();
  await expectNumbers(other, request, owner, [owner.storeId, second], from, today);
  await other.close();

  // Back and forward move between views, as addresses.
  await page.goBack();
  await expect(page).not.toHaveURL(/refresh=true/);
});

test("the order table pages with Previous and Next, and the CSV export's totals equal the page's", async ({ page, request }) => {
  const owner = await apiSession(request, OWNER);
  await enter(page, OWNER, /Demo Store/);
  const today = dayIn(ZONE);
  const from = dayIn(ZONE, 89);
  await openOverview(page, `/admin/analytics?from_time=${from}&to_time=${today}`);
  const want = await expectNumbers(page, request, owner, [owner.storeId], from, today);
  const pages = Math.ceil(want.list.total / want.list.limit);
  expect(pages).toBeGreaterThan(1);

  const previous = page.getByRole("button", { name: "Previous" });
  const next = page.getByRole("button", { name: "Next" });
  const rows = page.getByTestId("orders-table").locator("tbody tr");
  await expect(previous).toBeDisabled();
  await next.click();
  await expect(page.getByTestId("orders-page")).toHaveText(`Page 2 of ${pages}`);
  const second = await call<OrderList>(
    request,
    owner,
    "GET",
    `/stores/analytics/paid-orders?${new URLSearchParams({ page: "2", limit: "10", startDate: from, endDate: today, timezone: ZONE, financialStatus: "paid", stores: owner.storeId })}`,
  );
  await expect(rows.first().getByRole("link")).toHaveText(second.orders[0]?.orderName ?? "");
  await previous.click();
  await expect(page.getByTestId("orders-page")).toHaveText(`Page 1 of ${pages}`);
  await expect(rows.first().getByRole("link")).toHaveText(want.list.orders[0]?.orderName ?? "");

  // The overview CSV: its last row holds the totals, the same as the cards and metrics.
  await page.getByRole("button", { name: "Export CSV" }).click();
  const downloading = page.waitForEvent("download");
  await page.getByRole("menuitem", { name: "Overview figures (CSV)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`overview-${from}-${today}.csv`);
  const csv = readFileSync(await download.path(), "utf8")
    .trim()
    .split("\n");
  expect(csv[0]).toBe("period_start,visitors,viewed_product,added_to_cart,reached_checkout,converted,orders,sales");
  expect(csv).toHaveLength(1 + 90 + 1);
  const total = (csv[csv.length - 1] ?? "").split(",");
  expect(total[0]).toBe("Total");
  await expect(value(page, "stat-visitors")).toHaveText(count(Number(total[1])));
  await expect(value(page, "stat-view-product")).toHaveText(count(Number(total[2])));
  await expect(value(page, "stat-added-to-cart")).toHaveText(count(Number(total[3])));
  await expect(value(page, "stat-reached-checkout")).toHaveText(count(Number(total[4])));
  await expect(value(page, "metric-total-orders")).toHaveText(count(Number(total[6])));
  await expect(value(page, "metric-total-sales")).toHaveText(money(Number(total[7])));

  // The paid-orders CSV: one row per order and the same total.
  await page.getByRole("button", { name: "Export CSV" }).click();
  const downloadingOrders = page.waitForEvent("download");
  await page.getByRole("menuitem", { name: "Paid orders (CSV)" }).click();
  const orders = readFileSync(await (await downloadingOrders).path(), "utf8")
    .trim()
    .split("\n");
  expect(orders).toHaveLength(1 + want.list.total + 1);
  await expect(value(page, "metric-total-sales")).toHaveText(money(Number((orders[orders.length - 1] ?? "").split(",")[3])));
});

test("outside today mode there is no comparison, and the previous-period switch adds one and the overlay", async ({ page, request }) => {
  const owner = await apiSession(request, OWNER);
  await enter(page, OWNER, /Demo Store/);
  const from = dayIn(ZONE, 13);
  const to = dayIn(ZONE, 7);
  await openOverview(page, `/admin/analytics?from_time=${from}&to_time=${to}`);
  const want = await expectNumbers(page, request, owner, [owner.storeId], from, to);
  expect(want.overview.current.range.todayMode).toBe(false);
  await expect(page.getByTestId("chart-data").locator("tbody tr")).toHaveCount(7);
  await expect(page.getByTestId("change")).toHaveCount(0);
  await expect(page.getByText("vs Yesterday")).toHaveCount(0);

  await page.getByRole("switch", { name: "Compare to previous period" }).click();
  await expect(page.getByRole("switch", { name: "Compare to previous period" })).toBeChecked();
  await expect(page).toHaveURL(/compare=true/);
  await expect(page.getByTestId("chart-data").locator("thead th")).toHaveCount(3);
  const nonZero = Object.values(want.overview.period_changes).filter((change) => change !== 0).length;
  await expect(page.getByText("vs previous period")).toHaveCount(nonZero);

  // Yesterday alone: one day but not today, so no "vs Yesterday" and still six buckets.
  await page.getByRole("switch", { name: "Compare to previous period" }).click();
  await expect(page.getByRole("switch", { name: "Compare to previous period" })).not.toBeChecked();
  await page.getByTestId("date-range").click();
  await page.getByRole("button", { name: "Yesterday" }).click();
  const yesterday = dayIn(ZONE, 1);
  await expect(page).toHaveURL(new RegExp(`from_time=${yesterday}&to_time=${yesterday}`));
  await expectNumbers(page, request, owner, [owner.storeId], yesterday, yesterday);
  await expect(page.getByTestId("chart-data").locator("tbody tr")).toHaveCount(6);
  await expect(page.getByText("vs Yesterday")).toHaveCount(0);
});

test("an address the core refuses says so and shows today", async ({ page }) => {
  await enter(page, OWNER, /Demo Store/);
  await openOverview(page, "/admin/analytics?from_time=2026-02-30&to_time=2026-03-02");
  await expect(page.getByTestId("overview-problem")).toContainText("not a valid YYYY-MM-DD date");
  await expect(page.getByTestId("overview-range")).toHaveText(`${shownDay(dayIn(ZONE))} · ${ZONE}`);
  await openOverview(page, "/admin/analytics?tz=Mars/Olympus");
  await expect(page.getByTestId("overview-problem")).toContainText("time zone");
});

/** Hides the onboarding popup, which would cover part of a screenshot. */
async function closeOnboarding(page: Page) {
  const popup = page.getByRole("region", { name: "Getting started" });
  if (await popup.isVisible()) await popup.getByRole("button", { name: "Close" }).click();
}

test("the page at 1280 and 375 px, in English and Vietnamese, without console errors, failed calls or serious axe findings", async ({ page }) => {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`exception: ${error.message}`));
  page.on("response", (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  await enter(page, OWNER, /Demo Store/);
  const from = dayIn(ZONE, 29);
  const today = dayIn(ZONE);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openOverview(page, `/admin/analytics?from_time=${from}&to_time=${today}&compare=true`);
  await expect(page.getByTestId("revenue-chart").locator("canvas")).toBeVisible();
  await expect(page.getByTestId("locations-chart").locator("canvas")).toBeVisible();
  await expect(page.getByTestId("orders-table").getByRole("link").first()).toBeVisible();
  await closeOnboarding(page);
  await page.waitForTimeout(500);
  await page.screenshot({ path: "e2e/screenshots/overview-desktop.png", fullPage: true });
  const axe = await new AxeBuilder({ page }).include("main").analyze();
  for (const v of axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical")) {
    problems.push(`axe: ${v.id} ${v.nodes.map((n) => n.html.slice(0, 120)).join(" | ")}`);
  }

  await page.setViewportSize({ width: 375, height: 812 });
  await openOverview(page, `/admin/analytics?from_time=${from}&to_time=${today}`);
  await expect(page.getByTestId("revenue-chart").locator("canvas")).toBeVisible();
  await closeOnboarding(page);
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: "e2e/screenshots/overview-375.png", fullPage: true });

  await page.evaluate(() => localStorage.setItem("storeloom.language", "vi"));
  await page.goto(`/admin/analytics?from_time=${from}&to_time=${today}`);
  await expect(page.getByRole("heading", { name: "Bảng tổng quan", level: 1 })).toBeVisible();
  await expect(page.getByText("Lượt truy cập cửa hàng theo vị trí")).toBeVisible();
  await page.evaluate(() => localStorage.setItem("storeloom.language", "en"));
  expect(problems).toEqual([]);
});

test("a failed call is not announced: the table stops loading, and Try again loads the view", async ({ page, request }) => {
  const owner = await apiSession(request, OWNER);
  await enter(page, OWNER, /Demo Store/);
  let failing = true;
  await page.route(/\/api\/stores\/analytics\/(overview|paid-orders)\?/, (route) =>
    failing ? route.fulfill({ status: 503, contentType: "application/json", body: '{"messages":["Unavailable"]}' }) : route.continue(),
  );
  await openOverview(page);
  await expect(page.getByTestId("orders-empty")).toContainText("No paid orders in this period.");
  await expect(page.getByTestId("orders-loading")).toHaveCount(0);
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expect(page.getByText("Unavailable")).toHaveCount(0);
  const retries = page.getByRole("button", { name: "Try again" });
  await expect(retries).toHaveCount(2);

  failing = false;
  await retries.first().click();
  await retries.first().click();
  await expect(retries).toHaveCount(0);
  const today = dayIn(ZONE);
  await expectNumbers(page, request, owner, [owner.storeId], today, today);
});
