// The management screens against the real server: lists that page and filter on the server,
// details, and create-edit-delete round trips whose results survive a reload.
import { expect, test } from "@playwright/test";
import { OWNER, apiSession, call, enter, newStore } from "./helpers";

interface OrderRow {
  id: string;
  orderName: string;
  customerInfo: { full_name: string; email: string }[];
}

test("orders page and filter on the server, open in detail and are fulfilled once", async ({ page, request }) => {
  const owner = await apiSession(request, OWNER);
  const all = await call<{ total: number }>(request, owner, "GET", "/stores/orders?limit=1");
  const open = await call<{ orders: OrderRow[]; total: number }>(
    request,
    owner,
    "GET",
    "/stores/orders?financialStatus=paid&fulfillmentStatus=unfulfilled&limit=1",
  );
  expect(open.total).toBeGreaterThan(0);

  await enter(page, OWNER, /Demo Store/, "/admin/orders");
  await expect(page.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();
  const rows = page.locator("tbody tr");
  await expect(rows).toHaveCount(Math.min(10, all.total));
  const pages = Math.ceil(all.total / 10);
  await expect(page.getByText(`Page 1 of ${pages} · ${all.total} in all`)).toBeVisible();
  if (pages > 1) {
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText(`Page 2 of ${pages}`)).toBeVisible();
  }

  // Financial and fulfilment filters go to the server; the address keeps them over a reload.
  await page.getByRole("combobox", { name: "Payment" }).click();
  await page.getByRole("option", { name: "Paid" }).click();
  await page.getByRole("combobox", { name: "Fulfilment" }).click();
  await page.getByRole("option", { name: "Unfulfilled" }).click();
  await expect(page).toHaveURL(/financialStatus=paid.*fulfillmentStatus=unfulfilled|fulfillmentStatus=unfulfilled.*financialStatus=paid/);
  await expect(page.getByText(`· ${open.total} in all`)).toBeVisible();
  await page.reload();
  await expect(page.getByText(`· ${open.total} in all`)).toBeVisible();
  await expect(rows.first()).toContainText("Paid");
  await expect(rows.first()).toContainText("Unfulfilled");

  // Search by the order's name finds exactly it.
  const target = open.orders[0]!;
  await page.getByRole("textbox", { name: "Search by order, customer or e-mail" }).fill(target.orderName);
  await expect(page.getByText("Page 1 of 1 · 1 in all")).toBeVisible();
  await page.getByRole("link", { name: target.orderName, exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`/admin/orders/detail/${target.id}$`));
  await expect(page.getByRole("heading", { name: target.orderName, level: 1 })).toBeVisible();
  await expect(
    page
      .getByRole("region", { name: "Items" })
      .getByText(/^\d+ × /)
      .first(),
  ).toBeVisible();
  await expect(page.getByRole("region", { name: "Customer" })).toContainText(target.customerInfo[0]!.email);
  await expect(page.getByRole("region", { name: "Payment" })).toContainText("Paid");
  // Fulfil items ships every line that is left, by default.
  await page.getByRole("button", { name: "Fulfil items" }).click();
  await page.getByRole("dialog", { name: "Fulfil items" }).getByRole("button", { name: "Fulfil items" }).click();
  await expect(page.getByText("The items are marked as shipped.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { name: target.orderName, level: 1 }).locator("..")).toContainText("Fulfilled");
  await expect(page.getByRole("region", { name: "Fulfilments" })).toContainText("Shipped");
  await expect(page.getByRole("button", { name: "Fulfil items" })).toHaveCount(0);

  // A range of days with no orders says so.
  await page.goto("/admin/orders?startDate=2001-01-01&endDate=2001-01-31");
  await expect(page.getByText("No orders match")).toBeVisible();
});

test("a product is created, refused without losing what was typed, edited and deleted", async ({ page, request }) => {
  const owner = await apiSession(request, OWNER);
  const existing = await call<{ products: { handle: string }[] }>(request, owner, "GET", "/stores/products?limit=1");
  const takenHandle = existing.products[0]!.handle;

  await enter(page, OWNER, /Demo Store/, "/admin/products");
  await page.getByRole("link", { name: "Add product" }).first().click();
  await expect(page).toHaveURL(/\/admin\/products\/create$/);
  // The core refuses an empty title before anything is sent.
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("alert")).toContainText("A product's title is required.");

  const title = page.getByRole("textbox", { name: "Title" });
  await title.fill("Linen Tote Bag");
  await page.getByRole("textbox", { name: "Price", exact: true }).fill("24.50");
  await page.getByRole("textbox", { name: "Handle" }).fill(takenHandle);
  await page.getByRole("button", { name: "Save" }).click();
  // The server's message, and every field as typed.
  await expect(page.getByRole("alert")).toContainText(/handle/i);
  await expect(title).toHaveValue("Linen Tote Bag");
  await expect(page.getByRole("textbox", { name: "Price", exact: true })).toHaveValue("24.5");

  await page.getByRole("textbox", { name: "Handle" }).fill("");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/admin\/products\/(?!create)[\w-]+$/);
  await page.reload();
  await expect(page.getByRole("textbox", { name: "Title" })).toHaveValue("Linen Tote Bag");
  await expect(page.getByRole("textbox", { name: "Handle" })).toHaveValue("linen-tote-bag");

  await page.getByRole("textbox", { name: "Price", exact: true }).fill("19.99");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved", { exact: true })).toBeVisible();
  await page.goto("/admin/products?search=Linen%20Tote");
  await expect(page.locator("tbody tr")).toHaveCount(1);
  await expect(page.locator("tbody tr")).toContainText("$19.99");

  await page.getByRole("link", { name: "Linen Tote Bag" }).click();
  await page.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);
  await page.goto("/admin/products?search=Linen%20Tote");
  await expect(page.getByText("No products match")).toBeVisible();
});

test("a collection is created by tag, edited and deleted, and the list shows it after a reload", async ({ page }) => {
  await enter(page, OWNER, /Demo Store/, "/admin/collections");
  await page.getByRole("link", { name: "Add collection" }).click();
  await page.getByRole("textbox", { name: "Title" }).fill("Summer Picks");
  await page.getByText("By tag").click();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("alert")).toContainText("A tag is 1 to 64 characters.");
  await expect(page.getByRole("textbox", { name: "Title" })).toHaveValue("Summer Picks");
  await page.getByRole("textbox", { name: "Tag" }).fill("summer");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/admin\/collections\/(?!create)[\w-]+$/);
  // The saved collection's own form (the address changes before it is drawn).
  await expect(page.getByRole("heading", { name: "Summer Picks", level: 1 })).toBeVisible();

  await page.getByRole("textbox", { name: "Title" }).fill("Summer Favourites");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { name: "Summer Favourites", level: 1 })).toBeVisible();
  await page.goto("/admin/collections?search=Summer");
  await page.reload();
  const row = page.locator("tbody tr").filter({ hasText: "Summer Favourites" });
  await expect(row).toContainText("Tag: summer");

  await row.getByRole("link").click();
  await page.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/admin\/collections$/);
  await page.goto("/admin/collections?search=Summer%20Favourites");
  await expect(page.getByText("No collections match")).toBeVisible();
});

test("a discount code is created, refused by the core and the server, edited and deleted", async ({ page }) => {
  await enter(page, OWNER, /Demo Store/, "/admin/discounts/code");
  await expect(page.getByRole("heading", { name: "Discount codes", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Create code" }).click();
  const code = page.getByRole("textbox", { name: "Code" });
  await code.fill("spring sale");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("alert")).toContainText("A discount code is 1 to 64 letters, digits, - or _.");
  await expect(code).toHaveValue("spring sale");
  await code.fill("spring-15");
  await page.getByRole("textbox", { name: "Percent off" }).fill("15");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { name: "SPRING-15", level: 1 })).toBeVisible();

  // A second code with the same name: the server's message, and the form as typed.
  await page.goto("/admin/discounts/code/create");
  await page.getByRole("textbox", { name: "Code" }).fill("Spring-15");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Code" })).toHaveValue("Spring-15");

  await page.goto("/admin/discounts/code?search=spring-15");
  const row = page.locator("tbody tr").filter({ hasText: "SPRING-15" });
  await expect(row).toContainText("15% off");
  await row.getByRole("link").click();
  await page.getByText("Amount", { exact: true }).click();
  await page.getByRole("textbox", { name: "Amount off" }).fill("5");
  await page.getByRole("button", { name: "Save" }).click();
  await page.reload();
  await expect(page.getByRole("textbox", { name: "Amount off" })).toHaveValue("5");
  await page.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/admin\/discounts\/code$/);
  await page.goto("/admin/discounts/code?search=spring-15");
  await expect(page.getByText("No discounts match")).toBeVisible();
  // The automatic discounts are a list of their own.
  await page.goto("/admin/discounts/automatic");
  await expect(page.getByRole("heading", { name: "Automatic discounts", level: 1 })).toBeVisible();
});

test("customers are searched on the server and open with their orders", async ({ page, request }) => {
  const owner = await apiSession(request, OWNER);
  const list = await call<{ customers: { fullName: string; email: string; ordersCount: number }[] }>(request, owner, "GET", "/stores/customers?limit=50");
  const buyer = list.customers.find((c) => c.ordersCount > 0)!;
  await enter(page, OWNER, /Demo Store/, "/admin/customers");
  await page.getByRole("textbox", { name: "Search by name or e-mail" }).fill(buyer.email);
  await expect(page.locator("tbody tr")).toHaveCount(1);
  await page.getByRole("link", { name: buyer.fullName }).click();
  await expect(page.getByRole("heading", { name: buyer.fullName, level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "Contact" })).toContainText(buyer.email);
  await expect(page.getByRole("region", { name: "Orders" }).getByRole("link").first()).toHaveText(/^#\d+/);
});

test("a page is created (a taken handle refused by the server first), edited and deleted, and its visibility filters the list", async ({ page }) => {
  await enter(page, OWNER, /Demo Store/, "/admin/online-store/pages");
  await page.getByRole("link", { name: "Add page" }).click();
  const content = page.getByRole("textbox", { name: "Content" });
  await content.click();
  await page.keyboard.type("We wrap every gift by hand.");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("alert")).toContainText("A page's title is required.");
  await expect(content).toHaveText("We wrap every gift by hand.");
  await page.getByRole("textbox", { name: "Title" }).fill("Gift Wrapping");
  await page.getByRole("textbox", { name: "Handle" }).fill("shipping-policy");
  await page.getByRole("switch", { name: "Visible on the store" }).uncheck();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("alert")).toContainText("Another page already has the handle shipping-policy.");
  await expect(page.getByRole("textbox", { name: "Title" })).toHaveValue("Gift Wrapping");
  await expect(page.getByRole("switch", { name: "Visible on the store" })).not.toBeChecked();
  await page.getByRole("textbox", { name: "Handle" }).fill("");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { name: "Gift Wrapping", level: 1 })).toBeVisible();
  await page.getByRole("textbox", { name: "Title" }).fill("Gift Wrapping Service");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { name: "Gift Wrapping Service", level: 1 })).toBeVisible();

  await page.goto("/admin/online-store/pages?published=false");
  await page.reload();
  const row = page.locator("tbody tr").filter({ hasText: "Gift Wrapping Service" });
  await expect(row).toContainText("Hidden");
  await expect(row).toContainText("/gift-wrapping");
  await row.getByRole("link").click();
  await page.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/admin\/online-store\/pages$/);
  await expect(page.getByText("Gift Wrapping Service")).toHaveCount(0);
});

test("a menu is built with items and a sub-item, checked by the core, edited and deleted", async ({ page }) => {
  await enter(page, OWNER, /Demo Store/, "/admin/online-store/navigation");
  await page.getByRole("link", { name: "Add menu" }).click();
  await page.getByRole("textbox", { name: "Title", exact: true }).fill("Help Links");
  await page.getByRole("button", { name: "Add item" }).click();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("alert")).toContainText("A menu item's title is required.");
  await page.getByRole("textbox", { name: "Item 1: Label" }).fill("Help");
  await page.getByRole("combobox", { name: "Item 1: Leads to" }).click();
  await page.getByRole("option", { name: "Page", exact: true }).click();
  await page.getByRole("combobox", { name: "Item 1: Page" }).click();
  await page.getByRole("option", { name: "About us", exact: true }).click();
  await page.getByRole("button", { name: "Add sub-item" }).click();
  await page.getByRole("textbox", { name: "Item 1.1: Label" }).fill("Contact");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { name: "Help Links", level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/online-store\/navigation\/(?!create)[\w-]+$/);

  await page.reload();
  await expect(page.getByRole("textbox", { name: "Item 1.1: Label" })).toHaveValue("Contact");
  await page.getByRole("button", { name: "Remove: Item 1.1" }).click();
  await page.getByRole("button", { name: "Save" }).click();
  await page.goto("/admin/online-store/navigation");
  const row = page.locator("tbody tr").filter({ hasText: "Help Links" });
  await expect(row).toContainText("Help");
  await expect(row).not.toContainText("Contact");
  await row.getByRole("link").click();
  await page.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/admin\/online-store\/navigation$/);
  await expect(page.getByText("Help Links")).toHaveCount(0);
});

test("a domain is added (the server's refusal keeps what was typed), checked and removed", async ({ page }) => {
  await enter(page, OWNER, /Demo Store/, "/admin/online-store/domains");
  await expect(page.getByRole("heading", { name: "Domains", level: 1 })).toBeVisible();
  await expect(page.locator("tbody tr").first()).toContainText("System domain");
  const field = page.getByRole("textbox", { name: "Connect a domain you own" });
  await field.fill("not a domain");
  await page.getByRole("button", { name: "Add domain" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await expect(field).toHaveValue("not a domain");
  await field.clear();
  await field.pressSequentially("Shop.Example-Prints.com");
  await page.getByRole("button", { name: "Add domain" }).click();
  const row = page.locator("tbody tr").filter({ hasText: "shop.example-prints.com" });
  await expect(row).toContainText("Not verified yet");
  // Every record to create, each part ready to copy: the platform's address (A), then the TXT
  // record that proves the domain is this store's.
  const setUp = page.getByRole("region", { name: "Set up shop.example-prints.com" });
  const records = setUp.getByRole("group", { name: "Create these records where the DNS of shop.example-prints.com is managed:" });
  await expect(records.getByRole("button", { name: "Copy Type A" })).toBeVisible();
  await expect(records.getByRole("button", { name: "Copy Value 203.0.113.10" })).toBeVisible();
  await expect(records.getByRole("button", { name: "Copy Type TXT" })).toBeVisible();
  await expect(records.getByRole("button", { name: "Copy Name _storeloom-verify.shop.example-prints.com" })).toBeVisible();
  await expect(records.getByRole("button", { name: /^Copy Value storeloom-verify=[0-9a-f]{64}$/ })).toBeVisible();
  await expect(field).toHaveValue("");
  await page.reload();
  await expect(row).toBeVisible();

  // The check (the set-up card's, as the row's menu's) says what DNS holds now, beside what is
  // asked.
  await setUp.getByRole("button", { name: "Check DNS" }).click();
  await expect(page.getByText("shop.example-prints.com does not point here yet.")).toBeVisible();
  const found = setUp.getByRole("status", { name: "Found in DNS just now" });
  await expect(found).toContainText("shop.example-prints.com does not point anywhere yet.");
  await expect(found).toContainText("No TXT record was found at _storeloom-verify.shop.example-prints.com.");
  await row.getByRole("button", { name: "Actions for shop.example-prints.com" }).click();
  await expect(page.getByRole("menuitem", { name: "Use for checkout" })).toBeDisabled();
  await page.getByRole("menuitem", { name: "Remove" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(row).toHaveCount(0);
  await page.reload();
  await expect(page.getByText("shop.example-prints.com")).toHaveCount(0);
});

test("a store on the Free plan is told which plan brings its own domain, and cannot add or buy one", async ({ page, request }) => {
  const owner = await apiSession(request, OWNER);
  await newStore(request, owner, "Free Domains Shop");
  await enter(page, OWNER, /Free Domains Shop/, "/admin/online-store/domains");
  const notice = page.getByRole("status").filter({ hasText: "Your own domain comes with the Silver plan and up." });
  await expect(notice).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Connect a domain you own" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Add domain" })).toBeDisabled();
  await expect(page.getByRole("textbox", { name: "Domain to buy" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Buy", exact: true })).toBeDisabled();
  // The store's own domain keeps working; the notice opens the plans.
  await expect(page.locator("tbody tr").first()).toContainText("System domain");
  await notice.getByRole("link", { name: "See the plans" }).click();
  await expect(page).toHaveURL(/\/admin\/settings\/account\/plans$/);
});

test("a store on the Free plan is told staff come with Silver, and the server refuses an invitation", async ({ page, request }) => {
  const owner = await apiSession(request, OWNER);
  await newStore(request, owner, "Free Staff Shop");
  await enter(page, OWNER, /Free Staff Shop/, "/admin/online-store/members");
  const notice = page.getByRole("status").filter({ hasText: "Your plan includes no staff accounts. Staff accounts come with the Silver plan and up." });
  await expect(notice).toBeVisible();
  // The way to invite is off; the form, opened by its address, says why and the server's
  // refusal names the plan.
  await expect(page.getByRole("button", { name: "Invite staff" })).toBeDisabled();
  await expect(page.getByRole("link", { name: "Invite staff" })).toHaveCount(0);
  await page.goto("/admin/online-store/members/invite");
  await expect(page.getByRole("status").filter({ hasText: "no staff accounts" })).toBeVisible();
  await page.getByRole("textbox", { name: "E-mail" }).fill("helper@example.com");
  await page.getByRole("checkbox", { name: "Orders" }).check();
  await page.getByRole("button", { name: "Send the invitation" }).click();
  await expect(page.getByRole("alert", { name: "Not saved" })).toContainText("More staff accounts come with the Silver plan and up");
  // The notice opens the plans; what was typed is asked about first.
  await page.getByRole("status").filter({ hasText: "no staff accounts" }).getByRole("link", { name: "See the plans" }).click();
  await page.getByRole("button", { name: "Leave page" }).click();
  await expect(page).toHaveURL(/\/admin\/settings\/account\/plans$/);
});

test("a staff member is invited, given other permissions and removed", async ({ page }) => {
  await enter(page, OWNER, /Demo Store/, "/admin/online-store/members");
  await expect(page.getByRole("heading", { name: "Staff", level: 1 })).toBeVisible();
  await expect(page.locator("tbody tr").filter({ hasText: "Owner" })).toContainText("owner@storeloom.dev");
  await page.getByRole("link", { name: "Invite staff" }).click();
  await page.getByRole("textbox", { name: "E-mail" }).fill("helper@example");
  await page.getByRole("button", { name: "Send the invitation" }).click();
  await expect(page.getByRole("alert")).toContainText("Invalid Email");
  await page.getByRole("textbox", { name: "E-mail" }).fill("helper@example.com");
  await page.getByRole("checkbox", { name: "Orders" }).check();
  await page.getByRole("button", { name: "Send the invitation" }).click();
  await expect(page).toHaveURL(/\/admin\/online-store\/members$/);
  const row = page.locator("tbody tr").filter({ hasText: "helper@example.com" });
  await expect(row).toContainText("Invited");

  await row.getByRole("link").click();
  await expect(page.getByRole("checkbox", { name: "Orders" })).toBeChecked();
  await page.getByRole("checkbox", { name: "Orders" }).uncheck();
  await page.getByRole("button", { name: "Save" }).click();
  // No permission at all: the core refuses before anything is sent.
  await expect(page.getByRole("alert", { name: "Please correct these first" })).toBeVisible();
  await page.getByRole("checkbox", { name: "Customers" }).check();
  await page.getByRole("button", { name: "Save" }).click();
  await page.reload();
  await expect(page.getByRole("checkbox", { name: "Customers" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Orders" })).not.toBeChecked();

  await page.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/admin\/online-store\/members$/);
  await page.reload();
  await expect(page.getByText("helper@example.com")).toHaveCount(0);
});

test("payout cards are added, made default and deleted, and a payout is requested once", async ({ page }) => {
  await enter(page, OWNER, /Demo Store/, "/admin/settings/payout");
  await expect(page.getByRole("heading", { name: "Payouts", level: 1 })).toBeVisible();
  const cards = page.getByRole("region", { name: "Payout cards" });
  await cards.getByRole("button", { name: "Add a card" }).click();
  const form = page.getByRole("form", { name: "Add a card" });
  await form.getByRole("textbox", { name: "Card holder" }).fill("Olivia Nguyen");
  await form.getByRole("textbox", { name: "Card number" }).fill("4242 4242 4242 4241");
  await form.getByRole("button", { name: "Save the card" }).click();
  await expect(form.getByRole("alert")).toContainText("The card number is not valid.");
  await expect(form.getByRole("textbox", { name: "Card holder" })).toHaveValue("Olivia Nguyen");
  await form.getByRole("textbox", { name: "Card number" }).fill("5555 5555 5555 4444");
  await form.getByRole("button", { name: "Save the card" }).click();
  const row = cards.locator("tr").filter({ hasText: "4444" });
  await expect(row).toContainText("Olivia Nguyen");
  await page.reload();
  await expect(row).toBeVisible();
  if (await row.getByRole("button", { name: "Make default" }).count()) {
    await row.getByRole("button", { name: "Make default" }).click();
  }
  await expect(row).toContainText("Default");

  // A payout: the core refuses too little; then one request, listed in the history.
  const request = page.getByRole("form", { name: "Request a payout" });
  await request.getByRole("textbox", { name: "Amount" }).fill("0.5");
  await request.getByRole("button", { name: "Request a payout" }).click();
  await expect(request.getByRole("alert")).toContainText("The amount must be at least 1.");
  await request.getByRole("textbox", { name: "Amount" }).fill("1.25");
  await request.getByRole("button", { name: "Request a payout" }).click();
  await expect(page.getByText("A payout of $1.25 is requested.")).toBeVisible();
  await page.reload();
  const asked = page.getByRole("region", { name: "History" }).locator("tr").filter({ hasText: "$1.25" });
  await expect(asked).toHaveCount(1);
  await expect(asked).toContainText("Pending");

  await row.getByRole("button", { name: /Delete the card/ }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(row).toHaveCount(0);
  await page.reload();
  await expect(cards.locator("tr").filter({ hasText: "4444" })).toHaveCount(0);
});
