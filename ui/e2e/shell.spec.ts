// The admin shell in Chromium against the real server and its demo data: both menu variants,
// permissions, the drawer's widths, notifications, notices, silent renewal and the language.
import { type Page, expect, test } from "@playwright/test";
import { OWNER, SELLER, apiSession, call, enter, newStore } from "./helpers";

const drawer = (page: Page) => page.getByTestId("drawer");

test("the operator's owner gets the full menu", async ({ page }) => {
  await enter(page, OWNER, /Demo Store/);
  const nav = drawer(page);
  await expect(nav.getByText("Dashboard", { exact: true })).toBeVisible();
  await nav.getByText("Products", { exact: true }).click();
  for (const item of ["All Products", "Inventory", "Product Feeds", "Personalized Product", "Bulk Updates", "Product Options"]) {
    await expect(nav.getByText(item, { exact: true })).toBeVisible();
  }
  await expect(nav.getByText("Telegram", { exact: true })).toHaveCount(0);
  // A group is a button that opens its items (no link without an address in the drawer), from
  // the keyboard too; the store's icon is a real link, to the store, in a new tab.
  const onlineStore = nav.getByRole("button", { name: "Online Store", exact: true });
  await expect(onlineStore).toHaveAttribute("aria-expanded", "false");
  await onlineStore.focus();
  await page.keyboard.press("Enter");
  await expect(onlineStore).toHaveAttribute("aria-expanded", "true");
  await expect(nav.getByText("Member", { exact: true })).toBeVisible();
  expect(await nav.locator("a:not([href])").count()).toBe(0);
  const storeLink = nav.getByRole("link", { name: "Open your store in a new tab" });
  await expect(storeLink).toHaveAttribute("target", "_blank");
  await expect(storeLink).toHaveAttribute("href", /^(https?:\/\/.+|\/s\/demo\/)$/);
  // The icon sits beside the name, not over it.
  const [name, icon] = [await nav.getByText("Online Store", { exact: true }).boundingBox(), await storeLink.boundingBox()];
  expect(name && icon && name.x + name.width <= icon.x).toBe(true);
});

test("a seller gets the limited menu and the payment-gateway notice", async ({ page }) => {
  await enter(page, SELLER, /Sam's Goods/);
  const nav = drawer(page);
  for (const item of ["Orders", "Boost UpSell", "Telegram", "Sales Channel"]) {
    await expect(nav.getByText(item, { exact: true })).toBeVisible();
  }
  await expect(nav.getByText("Dashboard", { exact: true })).toHaveCount(0);
  await nav.getByText("Products", { exact: true }).click();
  await expect(nav.getByText("Clear Cache Urls", { exact: true })).toBeVisible();
  await expect(
    page.getByText("Your store hasn't been configured with a payment gateway, please contact the administrator to set it up before publishing(run ads)!!!"),
  ).toBeVisible();
});

test("a staff member without the dashboard's scope lands on their first screen; a forbidden item leads to no-access", async ({ page }) => {
  await enter(page, "orders@example.com", /Demo Store/);
  // Without homes, the first screen of their menu they may open (issue 28, item 9).
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await page.goto("/admin/settings");
  await expect(page).toHaveURL(/\/admin\/no-access$/);
  await expect(page.getByRole("heading", { name: "You do not have access to this page" })).toBeVisible();
  // An allowed item opens; a forbidden one leads back to no-access.
  await drawer(page).getByText("Orders", { exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await drawer(page).getByText("Pixel", { exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/no-access$/);
  // Nobody has to try: what the member may not open carries a lock and the permission to ask
  // the owner for; what they may open carries none.
  const nav = drawer(page);
  const pixel = nav.getByRole("link", { name: /^Pixel/ });
  await expect(pixel).toContainText("Ask the store owner for “Pixel and reports”");
  await expect(pixel.getByLabel("No access")).toBeVisible();
  await expect(nav.getByRole("link", { name: /^Settings/ })).toContainText("Ask the store owner for “Settings”");
  await expect(
    nav
      .getByRole("link", { name: /^Orders/ })
      .first()
      .getByLabel("No access"),
  ).toHaveCount(0);
  await expect(nav.getByRole("button", { name: /^Analytics/ })).toContainText("No access: ask the store owner");
  await expect(nav.getByRole("button", { name: /^Products/ })).not.toContainText("No access");
  // The store's domain is not theirs to set up: no onboarding step asks them to.
  await page.goto("/admin/orders");
  await expect(page.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();
  await expect(page.getByText("Set up your domain")).toHaveCount(0);
  await expect(page.getByText("Next step:", { exact: false })).toHaveCount(0);
  // In Vietnamese too.
  await page.evaluate(() => localStorage.setItem("storeloom.language", "vi"));
  await page.reload();
  await expect(nav.getByRole("link", { name: /^Pixel/ })).toContainText("Hãy xin chủ cửa hàng quyền");
  await page.evaluate(() => localStorage.setItem("storeloom.language", "en"));
});

test("the drawer is 280 px, collapses to 76 px, and starts closed at 768 px", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await enter(page, OWNER, /Demo Store/);
  await expect(drawer(page)).toBeVisible();
  expect((await drawer(page).boundingBox())?.width).toBe(280);
  await page.getByRole("button", { name: "Collapse the menu" }).click();
  await expect.poll(async () => (await drawer(page).boundingBox())?.width).toBe(76);
  await page.setViewportSize({ width: 768, height: 800 });
  await page.reload();
  await expect(page.getByRole("button", { name: "Open or close the menu" })).toBeVisible();
  await expect(drawer(page)).not.toBeInViewport();
  await page.getByRole("button", { name: "Open or close the menu" }).click();
  await expect(drawer(page)).toBeInViewport();
});

test("a notification opens in a 700 px dialog and is marked read", async ({ page }) => {
  await enter(page, OWNER, /Demo Store/);
  // The label counts only once the list has come (before, it is just "Notifications").
  const bell = page.getByRole("button", { name: /Notifications, \d+ unread/ });
  await expect(bell).toBeVisible();
  const before = Number(/(\d+) unread/.exec((await bell.getAttribute("aria-label")) ?? "")?.[1]);
  expect(before).toBeGreaterThan(0);
  await bell.click();
  await page.getByRole("menuitem", { name: "Payout paid" }).click();
  const dialog = page.getByRole("dialog", { name: "Payout paid" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("has been paid")).toBeVisible();
  await expect(dialog.locator("time")).toHaveText(/^\d{2}-\d{2}-\d{4}, \d{2}:\d{2}:\d{2}$/);
  const box = await page.locator(".mantine-Modal-content").boundingBox();
  expect(box?.width).toBe(700);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: `Notifications, ${before - 1} unread` })).toBeVisible();
});

test("an expired access token is renewed silently; a bad refresh token logs out", async ({ page }) => {
  await enter(page, OWNER, /Demo Store/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Olivia Nguyen");
  await page.evaluate(() => {
    const saved = JSON.parse(localStorage.getItem("storeloom.session")!);
    saved.state.accessToken = "expired.or.forged";
    localStorage.setItem("storeloom.session", JSON.stringify(saved));
  });
  // Renewed before the page's calls go out: not one of them is refused.
  const refused: string[] = [];
  page.on("response", (response) => {
    if (response.status() === 401) refused.push(response.url());
  });
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Olivia Nguyen");
  expect(refused).toEqual([]);
  // A token whose 15 minutes are over on this device's clock, counted from its arrival (whatever
  // the server's clock says), is renewed once before the page's calls go out, and they carry the
  // new one.
  const old = await page.evaluate(() => {
    const saved = JSON.parse(localStorage.getItem("storeloom.session")!);
    saved.state.accessReceivedAt = Date.now() - 16 * 60 * 1000;
    localStorage.setItem("storeloom.session", JSON.stringify(saved));
    return saved.state.accessToken as string;
  });
  const calls: { path: string; token: string | undefined }[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith("/api/")) calls.push({ path, token: request.headers().authorization?.replace(/^Bearer /, "") });
  });
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Olivia Nguyen");
  const renewals = calls.flatMap((call, i) => (call.path === "/api/auth/renew-access-token" ? [i] : []));
  expect(renewals).toHaveLength(1);
  const signed = calls.filter((call) => call.token);
  expect(signed.length).toBeGreaterThan(0);
  expect(calls.findIndex((call) => call.token)).toBeGreaterThan(renewals[0] ?? Infinity);
  expect(signed.filter((call) => call.token === old)).toEqual([]);
  expect(refused).toEqual([]);
  await page.evaluate(() => {
    const saved = JSON.parse(localStorage.getItem("storeloom.session")!);
    saved.state.accessToken = "expired.or.forged";
    saved.state.refreshToken = "not-a-refresh-token";
    localStorage.setItem("storeloom.session", JSON.stringify(saved));
  });
  await page.reload();
  await expect(page).toHaveURL(/\/admin\/auth\/login$/);
});

test("the avatar menu switches the language to Vietnamese", async ({ page }) => {
  await enter(page, OWNER, /Demo Store/);
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByText("Tiếng Việt").click();
  await expect(drawer(page).getByText("Bảng điều khiển")).toBeVisible();
  await expect(page.getByText("Có vẻ cửa hàng của bạn đã sẵn sàng ra mắt.")).toBeVisible();
  await page.getByText("English").click();
});

test("the dashboard tiles show the store's numbers", async ({ page, request }) => {
  const login = await request.post("/api/auth/login", { data: { email: OWNER, password: "storeloom" } });
  const { accessToken, storeId } = (await login.json()) as { accessToken: string; storeId: string };
  const totals = (await (
    await request.get("/api/stores/dashboard/totals", { headers: { Authorization: `Bearer ${accessToken}`, "X-Store-Id": storeId } })
  ).json()) as { total_sales: number; total_orders: number; open_orders: number };
  await enter(page, OWNER, /Demo Store/);
  const sales = page.getByText("Today's total sales").locator("..");
  const orders = page.getByText("Total orders").locator("..");
  if (totals.total_sales > 0) await expect(sales).toContainText(/\$[\d,]+\.\d{2}/);
  else await expect(sales).toContainText("No sales yet");
  await expect(orders).toContainText(totals.total_orders > 0 ? `${totals.total_orders} orders` : "No orders yet");
  const open = page.getByRole("link", { name: `${totals.open_orders} open orders` });
  // The open orders are the orders list's real Unfulfilled orders, which the row opens.
  await expect(open).toHaveAttribute("href", "/admin/orders?fulfillmentStatus=unfulfilled&test=exclude");
});

test("the onboarding popup shows the next step and skips it", async ({ page }) => {
  await enter(page, SELLER, /Sam's Goods/);
  const popup = page.getByRole("region", { name: "Getting started" });
  await expect(popup).toBeVisible();
  const first = await popup.getByText(/^Next step: /).textContent();
  await popup.getByRole("button", { name: "Skip this step" }).click();
  await expect(popup.getByText(/^Next step: /)).not.toHaveText(first ?? "");
  await popup.getByRole("button", { name: "Close" }).click();
  await expect(popup).toHaveCount(0);
});

test("screens the limited menu lacks have doors: the day's tiles and the sales report open the Overview, an order opens its customer", async ({
  page,
  request,
}) => {
  // A seller's limited menu has no Overview and no Customer entry (shell.md §6).
  await enter(page, SELLER, /Sam's Goods/);
  const nav = drawer(page);
  await expect(nav.getByText("Customer", { exact: true })).toHaveCount(0);
  const tiles = page.getByRole("link", { name: /Open the Overview/ });
  await expect(tiles).toHaveCount(2);
  await tiles.first().click();
  await expect(page).toHaveURL(/\/admin\/analytics$/);
  await expect(page.getByRole("heading", { name: "Overview dashboard" })).toBeVisible();
  await page.goto("/admin/analytics/sales-reports");
  await page.getByRole("link", { name: "Open the Overview" }).click();
  await expect(page).toHaveURL(/\/admin\/analytics$/);
  // A member who may not open the Overview gets no door to no-access.
  await page.goto("/admin/auth/login");
  await enter(page, "orders@example.com", /Demo Store/, "/admin/orders");
  await expect(page.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();

  // The customer on an order is a link to the customer.
  const owner = await apiSession(request, OWNER);
  const { orders } = await call<{ orders: { id: string; customerInfo: { id?: string; full_name: string }[] }[] }>(
    request,
    owner,
    "GET",
    "/stores/orders?limit=20",
  );
  const withCustomer = orders.find((order) => order.customerInfo[0]?.id);
  const customer = withCustomer?.customerInfo[0];
  if (!withCustomer || !customer?.id) throw new Error("no demo order with a customer record");
  await page.goto("/admin/auth/login");
  await enter(page, OWNER, /Demo Store/, `/admin/orders/detail/${withCustomer.id}`);
  await page.getByRole("link", { name: customer.full_name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/customers/${customer.id}$`));
});

test("on a phone a long store name gives way: the balance is whole and nothing overflows", async ({ page, request }) => {
  const owner = await apiSession(request, OWNER);
  const name = `A very long store name for a phone ${Date.now().toString(36)}`;
  await newStore(request, owner, name);
  await page.setViewportSize({ width: 375, height: 800 });
  await enter(page, OWNER, new RegExp(name));
  const balance = page.getByLabel("Balance available to pay out");
  await expect(balance).toBeVisible();
  const whole = await balance.evaluate((badge) => {
    const label = badge.querySelector(".mantine-Badge-label") ?? badge;
    return label.scrollWidth <= label.clientWidth + 1 && !(label.textContent ?? "").includes("…");
  });
  expect(whole).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
