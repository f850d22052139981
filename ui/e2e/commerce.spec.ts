// Selling from end to end in a store of its own (in test mode, so its checkout takes paid test
// orders): the merchant makes a code discount and an automatic one; a shopper buys two variants
// with the code, a full address and a note; the merchant sees all of it on the order, ships one
// line (the shopper is mailed), refunds the other with restock (the stock comes back), and the
// dashboard, the orders list, the payout balance and the Overview agree with the order.
import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, type Page, expect, test } from "@playwright/test";
import { OWNER, apiSession, call, enter, newStore, watch } from "./helpers";

// Headless Chromium names itself in its user agent and the storefront's beacons drop bots.
const SHOPPER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

interface Variant {
  id: string;
  title: string;
  stock: number;
}
interface Product {
  id: string;
  handle: string;
  variants: Variant[];
}
interface OrderLine {
  title: string;
  variantTitle: string;
  quantity: number;
  fulfilledQuantity: number;
  refundedQuantity: number;
}
interface Order {
  id: string;
  orderName: string;
  grandTotal: number;
  refunded: number;
  financialStatus: string;
  fulfillmentStatus: string;
  test: boolean;
  note: string;
  discounts: { method: string; code: string; amount: number }[];
  shippingAddress?: { name: string; line1: string; city: string; country: string };
  lineItems: OrderLine[];
}

async function orderCount(request: APIRequestContext, session: Awaited<ReturnType<typeof apiSession>>, store: string, query: string) {
  return (await call<{ count: number }>(request, session, "GET", `/stores/orders/count?${query}`, undefined, store)).count;
}

/** The serious or critical accessibility problems axe finds in the screen's main area (and an
 * open dialog). */
async function axeProblems(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include("main").include("[role=dialog]").analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(" | ")}`);
}

/** The sales of the Overview's default range (today), test orders included. */
async function overviewSales(request: APIRequestContext, session: Awaited<ReturnType<typeof apiSession>>, store: string) {
  const overview = await call<{ current: { sales: { total_sales: number } } }>(
    request,
    session,
    "GET",
    "/stores/analytics/overview?testOrders=include",
    undefined,
    store,
  );
  return overview.current.sales.total_sales;
}

async function createDiscount(page: Page, method: "code" | "automatic", name: string, percent: string) {
  await page.goto(`/admin/discounts/${method}/create`);
  await page.getByRole("textbox", { name: method === "code" ? "Code" : "Title" }).fill(name);
  await page.getByRole("textbox", { name: "Percent off" }).fill(percent);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/discounts/${method}/(?!create)[\\w-]+$`));
}

test("a shopper buys with a code and an automatic discount; the merchant ships one line, refunds the other, and the figures agree", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const problems = watch(page);
  const owner = await apiSession(request, OWNER);
  const storeName = `Commerce ${Date.now()}`;
  const store = await newStore(request, owner, storeName);
  const { subdomain } = await call<{ subdomain: string }>(request, owner, "GET", "/stores/current", undefined, store);
  const testMode = await call<{ testMode: boolean }>(request, owner, "GET", "/stores/settings/test-mode", undefined, store);
  expect(testMode.testMode).toBe(true);
  const made = await call<Product>(
    request,
    owner,
    "POST",
    "/stores/products",
    {
      title: "Linen Tee",
      descriptionHtml: "<p>Soft.</p>",
      images: [],
      price: 40,
      options: [{ name: "Size", values: ["S", "M"] }],
      variants: [
        { id: "", title: "S", options: ["S"], price: 40, stock: 5, sku: "TEE-S" },
        { id: "", title: "M", options: ["M"], price: 60, stock: 5, sku: "TEE-M" },
      ],
      tags: [],
      status: "active",
    },
    store,
  );
  const balanceBefore = await call<{ availableToPayout: number; earned: number }>(request, owner, "GET", "/stores/payout/v2/balance", undefined, store);
  const salesBefore = await overviewSales(request, owner, store);

  // The merchant makes the discounts in the admin.
  await page.setViewportSize({ width: 1280, height: 900 });
  await enter(page, OWNER, new RegExp(storeName));
  await createDiscount(page, "code", "SAVE10", "10");
  await createDiscount(page, "automatic", "Summer weekend", "5");
  await page.goto("/admin/discounts/automatic");
  await expect(page.getByRole("row", { name: /Summer weekend/ })).toContainText("No end date");
  await expect(page.getByRole("row", { name: /Summer weekend/ })).toContainText("0 / no limit");

  // A shopper buys both sizes with the code.
  const shopperContext = await browser.newContext({ userAgent: SHOPPER_AGENT, viewport: { width: 1280, height: 900 } });
  const shop = await shopperContext.newPage();
  await shop.goto(`/s/${subdomain}/products/${made.handle}`);
  for (const size of ["S", "M"]) {
    await shop.getByRole("radio", { name: size, exact: true }).check();
    await shop.getByRole("button", { name: "Add to cart" }).first().click();
    await expect(shop.locator("[data-added]")).toBeVisible();
  }
  await shop.goto(`/s/${subdomain}/cart`);
  await expect(shop.locator(".line")).toHaveCount(2);
  await shop.locator("[data-discount-code]").fill("SAVE10");
  await shop.getByRole("button", { name: "Apply" }).click();
  await expect(shop.locator("[data-cart-view]")).toContainText("SAVE10");
  await expect(shop.locator("[data-cart-view]")).toContainText("Summer weekend");
  await shop.getByRole("link", { name: "Check out" }).click();
  await expect(shop.locator("[data-summary] .line")).toHaveCount(2);
  await shop.getByLabel("E-mail").fill("gift@example.com");
  await shop.locator('[name="shipping.name"]').fill("Gina Gift");
  await shop.locator('[name="shipping.line1"]').fill("1 Main St");
  await shop.locator('[name="shipping.city"]').fill("Springfield");
  await shop.locator('[name="shipping.region"]').fill("IL");
  await shop.locator('[name="shipping.postcode"]').fill("62701");
  await shop.locator('[name="shipping.country"]').selectOption("US");
  await shop.locator('[name="shipping.phone"]').fill("+1 217 555 0100");
  await shop.locator('[name="note"]').fill("Please gift wrap");
  await shop.getByRole("button", { name: "Pay now" }).click();
  await expect(shop.getByRole("heading", { name: /Thank you, Gina/ })).toBeVisible();
  const orderName = (await shop.locator("[data-order-name]").textContent())?.trim() ?? "";
  expect(orderName).toMatch(/^#\d+$/);
  await shopperContext.close();

  const list = await call<{ orders: Order[] }>(request, owner, "GET", `/stores/orders?search=${encodeURIComponent(orderName)}`, undefined, store);
  const placed = list.orders.find((o) => o.orderName === orderName)!;
  expect(placed.test).toBe(true);
  expect(placed.financialStatus).toBe("paid");
  expect(placed.discounts.map((d) => [d.method, d.code])).toEqual([
    ["automatic", "Summer weekend"],
    ["code", "SAVE10"],
  ]);
  const stockAfterOrder = await call<Product>(request, owner, "GET", `/stores/products/${made.id}`, undefined, store);
  expect(stockAfterOrder.variants.map((v) => Number(v.stock))).toEqual([4, 4]);

  // The dashboard leaves the test order out of its figures and says so, with a door to the
  // Overview showing test orders; its open orders are the list's real Unfulfilled orders.
  await page.goto("/admin");
  await expect(page.locator("[data-test-orders]")).toContainText("1 test order today, not counted.");
  await expect(page.getByText("Total orders").locator("..")).toContainText("No orders yet");
  await page.getByRole("link", { name: "See them in the Overview" }).click();
  await expect(page).toHaveURL(/\/admin\/analytics\?test_orders=true$/);
  await expect(page.getByRole("switch", { name: "Include test orders" })).toBeChecked();
  await page.goto("/admin");
  const openLink = page.locator("[data-open-orders]");
  await expect(openLink).toHaveText("0 open orders");
  await openLink.click();
  await expect(page).toHaveURL(/\/admin\/orders\?fulfillmentStatus=unfulfilled&test=exclude$/);
  await expect(page.getByRole("combobox", { name: "Fulfilment" })).toHaveValue("Unfulfilled");
  await expect(page.getByRole("combobox", { name: "Test orders" })).toHaveValue("Hidden");
  await page.getByRole("combobox", { name: "Test orders" }).click();
  await page.getByRole("option", { name: "Only test orders" }).click();
  await expect(page.getByText("Page 1 of 1 · 1 in all")).toBeVisible();

  // The order page: address, note, both discounts.
  await page.getByRole("link", { name: orderName }).click();
  await expect(page.getByRole("heading", { name: orderName, level: 1 })).toBeVisible();
  const shipTo = page.getByRole("region", { name: "Shipping address" });
  await expect(shipTo).toContainText("Gina Gift");
  await expect(shipTo).toContainText("1 Main St");
  await expect(shipTo).toContainText("Springfield, IL, 62701");
  await expect(shipTo).toContainText("United States");
  await expect(page.getByRole("region", { name: "Customer's note" })).toContainText("Please gift wrap");
  const summary = page.getByRole("region", { name: "Summary" });
  await expect(summary).toContainText("Discount code SAVE10");
  await expect(summary).toContainText("Discount: Summer weekend");
  await expect(page.getByRole("region", { name: "Timeline" })).toContainText("Test order placed for");

  // Ship the S line with a carrier and a tracking number.
  await page.getByRole("button", { name: "Fulfil items" }).click();
  const fulfil = page.getByRole("dialog", { name: "Fulfil items" });
  await expect(fulfil.getByRole("checkbox", { name: "Send shipping confirmation to the customer" })).toBeChecked();
  await fulfil.getByRole("textbox", { name: /^Quantity of Linen Tee\W+M$/ }).fill("0");
  await fulfil.getByRole("textbox", { name: "Tracking number" }).fill("1Z999AA10123456784");
  // A tracking number needs its carrier: the core says so before anything is sent.
  await expect(fulfil.getByRole("status")).toContainText("carrier");
  await expect(fulfil.getByRole("button", { name: "Fulfil items" })).toBeDisabled();
  await fulfil.getByRole("textbox", { name: "Carrier" }).fill("UPS");
  await fulfil.getByRole("button", { name: "Fulfil items" }).click();
  await expect(fulfil).toBeHidden();
  const shipment = page.getByRole("region", { name: "Fulfilments" });
  await expect(shipment).toContainText("Carrier: UPS");
  await expect(shipment).toContainText("Tracking number: 1Z999AA10123456784");
  await expect(shipment).toContainText(/Linen Tee\W+S × 1/);
  await expect(page.getByRole("region", { name: "Timeline" })).toContainText("Shipping confirmation sent to gift@example.com.");
  const mails = (await (await request.get("/api/dev/mailbox")).json()) as { to: string; subject: string; body: string }[];
  const mail = mails.find((m) => m.to === "gift@example.com" && m.subject.startsWith(`Your order ${orderName} is on its way – `));
  expect(mail, "the shipping confirmation").toBeDefined();
  expect(mail!.body).toContain("1Z999AA10123456784");

  // Refund the M line and put it back in stock; the amount is the core's quote.
  await page.getByRole("button", { name: "Refund" }).click();
  const refund = page.getByRole("dialog", { name: "Refund" });
  await refund.getByRole("textbox", { name: /^Quantity of Linen Tee\W+M$/ }).fill("1");
  await expect(refund.getByRole("checkbox", { name: "Put the items back in stock" })).toBeChecked();
  await refund.getByRole("textbox", { name: "Reason (optional)" }).fill("Wrong size");
  const confirm = refund.getByRole("button", { name: /^Refund \$/ });
  expect(await axeProblems(page)).toEqual([]);
  const label = (await confirm.textContent()) ?? "";
  const quoted = Number(/\$([\d,.]+)/.exec(label)![1]!.replace(/,/g, ""));
  expect(quoted).toBeGreaterThan(0);
  await confirm.click();
  await expect(refund).toBeHidden();
  await expect(page.getByRole("region", { name: "Refunds" })).toContainText("Wrong size");
  await expect(page.getByText("Partially refunded").first()).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);

  const after = await call<Order>(request, owner, "GET", `/stores/orders/${placed.id}`, undefined, store);
  expect(after.refunded).toBe(quoted);
  expect(after.financialStatus).toBe("partially_refunded");
  expect(after.fulfillmentStatus).toBe("fulfilled");
  expect(after.lineItems.map((l) => [Number(l.fulfilledQuantity), Number(l.refundedQuantity)])).toEqual([
    [1, 0],
    [0, 1],
  ]);
  const restocked = await call<Product>(request, owner, "GET", `/stores/products/${made.id}`, undefined, store);
  expect(restocked.variants.map((v) => Number(v.stock))).toEqual([4, 5]);

  // The dashboard and the list still agree (nothing is unfulfilled now).
  const dashboard = await call<{ open_orders: number }>(request, owner, "GET", "/stores/dashboard/totals", undefined, store);
  expect(dashboard.open_orders).toBe(await orderCount(request, owner, store, "fulfillmentStatus=unfulfilled"));
  await page.goto("/admin");
  await expect(page.locator("[data-open-orders]")).toHaveText(`${dashboard.open_orders} open orders`);

  // A test order takes no money: the payout balance does not move, for the order or its
  // refund. The Overview, asked to count test orders, shows the order's total less the refund.
  const balanceAfter = await call<{ availableToPayout: number; earned: number }>(request, owner, "GET", "/stores/payout/v2/balance", undefined, store);
  expect(balanceAfter).toEqual(balanceBefore);
  const salesAfter = await overviewSales(request, owner, store);
  expect(Math.round((salesAfter - salesBefore) * 100)).toBe(Math.round((after.grandTotal - after.refunded) * 100));

  // The customer: their order and what they spent (net of the refund), then an edit.
  const buyers = await call<{ customers: { id: string; email: string; totalSpent: number }[] }>(request, owner, "GET", "/stores/customers", undefined, store);
  const buyer = buyers.customers.find((c) => c.email === "gift@example.com")!;
  // A test order took no money: it is not in what the customer spent.
  expect(placed.test).toBe(true);
  expect(buyer.totalSpent).toBe(0);
  await page.goto(`/admin/customers/${buyer.id}`);
  await expect(page.getByRole("region", { name: "Orders" }).getByRole("link", { name: orderName })).toBeVisible();
  await expect(page.getByRole("region", { name: "Addresses" })).toContainText("1 Main St");
  await page.getByRole("link", { name: "Edit" }).click();
  await page.getByRole("textbox", { name: "Notes" }).fill("Likes gift wrap.");
  await page.getByRole("combobox", { name: "Tags" }).fill("VIP");
  await page.keyboard.press("Enter");
  await page.getByRole("button", { name: "Add address" }).click();
  const second = page.getByRole("group", { name: "Address 2" });
  await second.getByRole("textbox", { name: "Full name" }).fill("Gina at work");
  await page.getByRole("button", { name: "Save" }).click();
  // The core refuses the half-typed second address; nothing typed is lost.
  await expect(page.getByRole("alert").filter({ hasText: "Please correct these first" })).toContainText("Address 2");
  await expect(second.getByRole("textbox", { name: "Full name" })).toHaveValue("Gina at work");
  await page.getByRole("button", { name: "Remove Address 2" }).click();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved", { exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Gina Gift" }).click();
  await expect(page.getByRole("region", { name: "Notes" })).toContainText("Likes gift wrap.");
  await expect(page.getByRole("region", { name: "Contact" })).toContainText("VIP");

  // The orders list exports what its filters match.
  await page.goto("/admin/orders");
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("orders.csv");

  expect(problems).toEqual([]);
});

test("a store set to Vietnam preselects Vietnam at checkout, and a returning shopper's own country wins", async ({ page, browser, request }) => {
  test.setTimeout(90_000);
  const problems = watch(page);
  const owner = await apiSession(request, OWNER);
  const storeName = `Country ${Date.now()}`;
  const store = await newStore(request, owner, storeName);
  const { subdomain } = await call<{ subdomain: string }>(request, owner, "GET", "/stores/current", undefined, store);

  // The merchant chooses the store's country in Preferences.
  await enter(page, OWNER, new RegExp(storeName), "/admin/online-store/preferences");
  const countryField = page.getByRole("combobox", { name: "Store country" });
  await expect(countryField).toHaveValue("");
  await countryField.click();
  await countryField.pressSequentially("Viet");
  await page.getByRole("option", { name: "Vietnam", exact: true }).click();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Preferences saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("combobox", { name: "Store country" })).toHaveValue("Vietnam");

  // A new shopper's checkout preselects the store's country.
  const shopperContext = await browser.newContext({ userAgent: SHOPPER_AGENT });
  const shop = await shopperContext.newPage();
  await shop.goto(`/s/${subdomain}/checkout`);
  const shipping = shop.getByRole("combobox", { name: "Country" }).first();
  await expect(shipping).toHaveValue("VN");
  await expect(shipping.locator("option:checked")).toHaveText("Vietnam");

  // The shopper ships to Germany; back at the checkout later, Germany is preselected.
  await shipping.selectOption({ label: "Germany" });
  await shop.goto(`/s/${subdomain}/`);
  await shop.goto(`/s/${subdomain}/checkout`);
  await expect(shop.getByRole("combobox", { name: "Country" }).first()).toHaveValue("DE");
  await shopperContext.close();

  // Another browser still gets the store's country.
  const otherContext = await browser.newContext({ userAgent: SHOPPER_AGENT });
  const other = await otherContext.newPage();
  await other.goto(`/s/${subdomain}/checkout`);
  await expect(other.getByRole("combobox", { name: "Country" }).first()).toHaveValue("VN");
  await otherContext.close();
  expect(problems).toEqual([]);
});

test("a shopper personalizes a product with a name, one line per name, and the merchant sees the names on the order", async ({ page, browser, request }) => {
  test.setTimeout(90_000);
  const problems = watch(page);
  const owner = await apiSession(request, OWNER);
  const storeName = `Engraving ${Date.now()}`;
  const store = await newStore(request, owner, storeName);
  const { subdomain } = await call<{ subdomain: string }>(request, owner, "GET", "/stores/current", undefined, store);
  const made = await call<Product>(
    request,
    owner,
    "POST",
    "/stores/products",
    {
      title: "Engraved Mug",
      descriptionHtml: "<p>White.</p>",
      images: [],
      price: 15,
      options: [],
      variants: [{ id: "", title: "Default", options: [], price: 15, stock: 10, sku: "MUG-1" }],
      tags: [],
      status: "active",
    },
    store,
  );
  const layers = [
    { type: "text", label: "Name", maxLength: 12, font: "Pacifico", required: true },
    { type: "image", label: "Photo", required: false },
  ];
  await call(request, owner, "POST", "/personalizes", { productId: made.id, name: "Name on the mug", layers }, store);

  // The shopper types two names, one at a time, and adds the mug with each.
  const shopperContext = await browser.newContext({ userAgent: SHOPPER_AGENT, viewport: { width: 1280, height: 900 } });
  const shop = await shopperContext.newPage();
  const shopProblems = watch(shop);
  await shop.goto(`/s/${subdomain}/products/${made.handle}`);
  const name = shop.getByRole("textbox", { name: "Name" });
  await expect(name).toHaveAttribute("maxlength", "12");
  await expect(shop.getByRole("textbox", { name: "Photo" })).toHaveCount(0);
  // Without a name nothing is added: the field is required.
  await shop.getByRole("button", { name: "Add to cart" }).first().click();
  await expect(shop.locator("[data-added]")).toBeHidden();
  for (const typed of ["Ada", "Grace"]) {
    await name.fill("");
    await name.pressSequentially(typed);
    await shop.getByRole("button", { name: "Add to cart" }).first().click();
    await expect(shop.locator("[data-added]")).toBeVisible();
  }
  await shop.goto(`/s/${subdomain}/cart`);
  const lines = shop.locator("[data-cart-view] .line");
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toContainText("Name: Ada");
  await expect(lines.nth(1)).toContainText("Name: Grace");
  // One more of Grace's mug changes her line only.
  await lines.nth(1).getByRole("button", { name: "More" }).click();
  await expect(lines.nth(1).getByLabel("Quantity")).toHaveText("2");
  await expect(lines.nth(0).getByLabel("Quantity")).toHaveText("1");
  await shop.getByRole("link", { name: "Check out" }).click();
  await expect(shop.locator("[data-summary] .line")).toHaveCount(2);
  await expect(shop.locator("[data-summary]")).toContainText("Name: Grace");
  await shop.getByLabel("E-mail").fill("ada@example.com");
  await shop.locator('[name="shipping.name"]').fill("Ada Byron");
  await shop.locator('[name="shipping.line1"]').fill("1 Main St");
  await shop.locator('[name="shipping.city"]').fill("Springfield");
  await shop.locator('[name="shipping.region"]').fill("IL");
  await shop.locator('[name="shipping.postcode"]').fill("62701");
  await shop.locator('[name="shipping.country"]').selectOption("US");
  await shop.locator('[name="shipping.phone"]').fill("+1 217 555 0100");
  await shop.getByRole("button", { name: "Pay now" }).click();
  await expect(shop.getByRole("heading", { name: /Thank you, Ada/ })).toBeVisible();
  await expect(shop.locator("main")).toContainText("Name: Grace");
  const orderName = (await shop.locator("[data-order-name]").textContent())?.trim() ?? "";
  await shopperContext.close();
  expect(shopProblems).toEqual([]);

  // The merchant sees each name on its line of the order.
  const list = await call<{ orders: Order[] }>(request, owner, "GET", `/stores/orders?search=${encodeURIComponent(orderName)}`, undefined, store);
  const placed = list.orders.find((o) => o.orderName === orderName)!;
  await enter(page, OWNER, new RegExp(storeName), `/admin/orders/detail/${placed.id}`);
  await expect(page.getByRole("heading", { name: orderName, level: 1 })).toBeVisible();
  await expect(page.getByText("Personalization – Name: Ada")).toBeVisible();
  await expect(page.getByText("Personalization – Name: Grace")).toBeVisible();
  expect(problems).toEqual([]);
});
