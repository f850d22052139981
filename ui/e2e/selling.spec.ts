// Selling for real, end to end (issue 49): a store ships to Germany and to the United States (two
// zones) and charges Germany's VAT inside its prices, then a New York rate on top of them. A
// German shopper and an American one each buy through the storefront; the merchant refunds one
// line in the admin. The cart, the checkout, the thank-you page, the order page, the e-mails read
// from the outbox (the confirmations and the refund notice), the orders CSV and the Overview all
// show the same amounts to the cent, worked out by hand below.
import { type Page, expect, test } from "@playwright/test";
import { readFileSync } from "node:fs";
import { OWNER, SHOPPER_AGENT, apiSession, call, cartWithOne, enter, newStore, watch } from "./helpers";

const SLOW = { timeout: 30_000 };

interface Mail {
  to: string;
  subject: string;
  body: string;
  html?: string;
}

/** A shopper's contact and address typed into the checkout key by key. */
async function typeAddress(
  shop: Page,
  email: string,
  name: string,
  place: { line1: string; city: string; country: string; region: string; postcode: string; phone: string },
) {
  await shop.getByLabel("E-mail").pressSequentially(email);
  await shop.locator('[name="shipping.name"]').pressSequentially(name);
  await shop.locator('[name="shipping.line1"]').pressSequentially(place.line1);
  await shop.locator('[name="shipping.city"]').pressSequentially(place.city);
  await shop.locator('[name="shipping.country"]').selectOption(place.country);
  if (place.region) await shop.locator('[name="shipping.region"]').pressSequentially(place.region);
  await shop.locator('[name="shipping.postcode"]').pressSequentially(place.postcode);
  await shop.locator('[name="shipping.phone"]').pressSequentially(place.phone);
}

/** The rows of a CSV text (quoted fields, doubled quotes), each as header → value. */
function csvRows(text: string): Record<string, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += c;
  }
  if (field || row.length) rows.push([...row, field]);
  const [header, ...body] = rows;
  return body.filter((r) => r.length > 1).map((r) => Object.fromEntries(header!.map((h, i) => [h.replace(/^\uFEFF/, ""), r[i] ?? ""])));
}

test("VAT inside the prices for Germany and New York's rate on top agree to the cent from the cart to the Overview", async ({ page, browser, request }) => {
  test.setTimeout(240_000);
  const problems = watch(page);
  const owner = await apiSession(request, OWNER);
  const storeName = `Selling ${Date.now()}`;
  const store = await newStore(request, owner, storeName);
  const { subdomain } = await call<{ subdomain: string }>(request, owner, "GET", "/stores/current", undefined, store);
  const product = (title: string, price: number, sku: string) =>
    call<{ handle: string }>(
      request,
      owner,
      "POST",
      "/stores/products",
      {
        title,
        descriptionHtml: "",
        images: [],
        price,
        options: [],
        variants: [{ id: "", title: "Default", options: [], price, stock: 20, sku }],
        tags: [],
        status: "active",
      },
      store,
    );
  const shirt = await product("Linen Shirt", 40, "SHIRT");
  const mug = await product("Tea Mug", 12.5, "MUG");
  await call(
    request,
    owner,
    "PUT",
    "/stores/settings/shipping",
    {
      zones: [
        { name: "Europe", places: ["DE"], rates: [{ name: "Standard", price: 9 }] },
        {
          name: "United States",
          places: ["US"],
          rates: [
            { name: "Standard", price: 5 },
            { name: "Express", price: 15 },
          ],
        },
      ],
    },
    store,
  );
  const taxes = (pricesIncludeTax: boolean) =>
    call(
      request,
      owner,
      "PUT",
      "/stores/settings/taxes",
      {
        pricesIncludeTax,
        taxShipping: true,
        rates: [
          { country: "DE", region: "", percent: 19 },
          { country: "US", region: "NY", percent: 8.875 },
        ],
      },
      store,
    );
  await taxes(true);

  // Jonas in Berlin: a shirt (40.00) and two mugs (25.00), shipped for 9.00, VAT inside: the
  // order is 74.00, of which VAT 19/119 of each part: 6.39 + 3.99 + 1.44 = 11.82.
  const shopper = await browser.newContext({ userAgent: SHOPPER_AGENT, viewport: { width: 1280, height: 900 } });
  const shop = await shopper.newPage();
  await cartWithOne(shop, subdomain, shirt.handle);
  await cartWithOne(shop, subdomain, mug.handle);
  await cartWithOne(shop, subdomain, mug.handle);
  const cart = shop.locator("[data-cart-view]");
  await expect(cart).toContainText("Taxes included.");
  await expect(cart.locator("[data-shipping]")).toHaveText("Calculated at checkout");
  await expect(cart.locator("[data-total]")).toHaveText("$65.00");
  await shop.getByRole("link", { name: "Check out" }).click();
  await typeAddress(shop, "jonas@example.com", "Jonas Weber", {
    line1: "Unter den Linden 1",
    city: "Berlin",
    country: "DE",
    region: "",
    postcode: "10117",
    phone: "+49 30 1234567",
  });
  const summary = shop.locator("[data-summary]");
  await expect(shop.getByRole("group", { name: "Shipping method" }).getByRole("radio", { name: "Standard $9.00" })).toBeChecked();
  await expect(summary.locator("[data-shipping]")).toHaveText("$9.00");
  await expect(summary.locator("[data-tax]")).toHaveText("$11.82");
  await expect(summary.locator("[data-total]")).toHaveText("$74.00");
  await shop.getByRole("button", { name: "Pay now" }).click();
  await expect(shop.getByRole("heading", { name: /Thank you, Jonas/ })).toBeVisible(SLOW);
  await expect(shop.locator("[data-tax]")).toHaveText("$11.82");
  await expect(shop.locator("[data-total]")).toHaveText("$74.00");
  const german = (await shop.locator("[data-order-name]").textContent())?.trim() ?? "";
  await shopper.close();

  // The store now adds tax at checkout. Maya in New York: a shirt (40.00) by Express (15.00);
  // New York's 8.875 % of each part: 3.55 + 1.33 = 4.88, on top: 59.88.
  await taxes(false);
  const american = await browser.newContext({ userAgent: SHOPPER_AGENT, viewport: { width: 375, height: 812 } });
  const phone = await american.newPage();
  await cartWithOne(phone, subdomain, shirt.handle);
  await expect(phone.locator("[data-cart-view]")).toContainText("Taxes calculated at checkout.");
  await expect(phone.locator("[data-cart-view] [data-total]")).toHaveText("$40.00");
  await phone.getByRole("link", { name: "Check out" }).click();
  await typeAddress(phone, "maya@example.com", "Maya Cohen", {
    line1: "350 5th Ave",
    city: "New York",
    country: "US",
    region: "New York",
    postcode: "10118",
    phone: "+1 212 555 0100",
  });
  const methods = phone.getByRole("group", { name: "Shipping method" });
  await expect(methods.getByRole("radio", { name: "Standard $5.00" })).toBeChecked();
  await methods.getByRole("radio", { name: "Express $15.00" }).check();
  const small = phone.locator("[data-summary]");
  await expect(small.locator("[data-shipping]")).toHaveText("$15.00");
  await expect(small.locator("[data-tax]")).toHaveText("$4.88");
  await expect(small.locator("[data-total]")).toHaveText("$59.88");
  await phone.getByRole("button", { name: "Pay now" }).click();
  await expect(phone.getByRole("heading", { name: /Thank you, Maya/ })).toBeVisible(SLOW);
  await expect(phone.locator("[data-total]")).toHaveText("$59.88");
  const us = (await phone.locator("[data-order-name]").textContent())?.trim() ?? "";
  await american.close();

  // The merchant refunds Jonas's shirt: 40.00, its VAT 6.39 inside.
  await page.setViewportSize({ width: 1280, height: 900 });
  await enter(page, OWNER, new RegExp(storeName), "/admin/orders");
  await page.getByRole("link", { name: german }).click();
  await page.getByRole("button", { name: "Refund" }).click();
  const refund = page.getByRole("dialog", { name: "Refund" });
  const quantity = refund.getByRole("textbox", { name: /^Quantity of Linen Shirt/ });
  await quantity.selectText();
  await quantity.pressSequentially("1");
  await refund.getByRole("button", { name: "Refund $40.00" }).click();
  await expect(refund).toBeHidden(SLOW);
  const totals = page.getByRole("region", { name: "Summary" });
  await expect(totals).toContainText("$74.00");
  await expect(totals).toContainText("$11.82");
  await expect(totals).toContainText("$40.00");
  await page.goto("/admin/orders");
  await page.getByRole("link", { name: us }).click();
  await expect(totals).toContainText("Shipping (Express)", SLOW);
  await expect(totals).toContainText("$4.88");
  await expect(totals).toContainText("$59.88");

  // The e-mails, as the outbox holds them: text and HTML agree with the pages.
  const mails = (await (await request.get("/api/dev/mailbox")).json()) as Mail[];
  const to = (address: string, subject: string) => {
    const mail = mails.find((m) => m.to === address && m.subject.startsWith(subject));
    expect(mail, `${subject} to ${address}`).toBeDefined();
    return mail!;
  };
  const jonas = to("jonas@example.com", `Order ${german} confirmed`);
  for (const line of ["Subtotal: $65.00", "Shipping (Standard): $9.00", "Total: $74.00", "Including tax: $11.82", "  Berlin 10117", "  Germany"]) {
    expect(jonas.body).toContain(line);
  }
  expect(jonas.html).toContain("$11.82");
  const maya = to("maya@example.com", `Order ${us} confirmed`);
  for (const line of ["Subtotal: $40.00", "Shipping (Express): $15.00", "Tax: $4.88", "Total: $59.88", "  New York NY 10118"]) {
    expect(maya.body).toContain(line);
  }
  const refunded = to("jonas@example.com", `Refund for order ${german}`);
  for (const line of ["We have refunded $40.00", "- 1 × Linen Shirt  $40.00", "Tax refunded: $6.39", "Refunded: $40.00"]) {
    expect(refunded.body).toContain(line);
  }
  expect(refunded.html).toContain("$6.39");
  const alert = to(OWNER, `[${storeName}] New order ${us}: $59.88`);
  expect(alert.body).toContain("Maya Cohen (maya@example.com) ordered 1 item for $59.88.");

  // The orders CSV, downloaded from the Orders page: one row per line.
  const download = page.waitForEvent("download");
  await page.goto("/admin/orders");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const rows = csvRows(readFileSync(await (await download).path(), "utf8"));
  const of = (name: string) => rows.filter((r) => r.Order === name);
  expect(of(german).map((r) => [r.Item, r.Quantity, r["Line tax"], r["Refunded quantity"]])).toEqual([
    ["Linen Shirt", "1", "6.39", "1"],
    ["Tea Mug", "2", "3.99", "0"],
  ]);
  expect(of(german)[0]).toMatchObject({
    Subtotal: "65.00",
    Shipping: "9.00",
    Tax: "11.82",
    "Taxes included": "yes",
    Total: "74.00",
    Refunded: "40.00",
    "Shipping method": "Standard",
  });
  expect(of(us)[0]).toMatchObject({
    Subtotal: "40.00",
    Shipping: "15.00",
    Tax: "4.88",
    "Taxes included": "no",
    Total: "59.88",
    Refunded: "0.00",
    "Shipping method": "Express",
  });

  // The Overview, test orders counted: both orders at their totals; sales 74.00 + 59.88 - 40.00.
  await page.goto(`/admin/analytics?stores=${store}&test_orders=true`);
  await expect(page.getByTestId("metric-total-sales").getByTestId("value")).toHaveText("$93.88", SLOW);
  const table = page.getByTestId("orders-table").locator("tbody tr");
  await expect(table).toHaveCount(2, SLOW);
  await expect(table.filter({ hasText: german }).locator("td").nth(3)).toHaveText("74.00 USD");
  await expect(table.filter({ hasText: us }).locator("td").nth(3)).toHaveText("59.88 USD");
  expect(problems).toEqual([]);
});

test("a merchant chooses and previews the order e-mails, in Vietnamese on a phone, and order staff ask for the alert", async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const problems = watch(page);
  const owner = await apiSession(request, OWNER);
  const storeName = `Mails ${Date.now()}`;
  const store = await newStore(request, owner, storeName);
  await page.setViewportSize({ width: 1280, height: 900 });
  await enter(page, OWNER, new RegExp(storeName), "/admin/online-store/preferences");
  const section = page.getByRole("form", { name: "E-mails" });
  await expect(section.getByRole("switch", { name: "Refund notice" })).toBeChecked(SLOW);
  await expect(section.getByRole("button", { name: "Save e-mails" })).toBeDisabled();
  await section.getByRole("switch", { name: "Cancellation notice" }).click({ force: true });
  await section.getByRole("button", { name: "Save e-mails" }).click();
  await expect(page.getByText("E-mail settings saved.")).toBeVisible(SLOW);
  await expect(section.getByRole("button", { name: "Save e-mails" })).toBeDisabled();

  // The store has no order yet: the preview is the sample's, the HTML part in a frame.
  await section.getByRole("button", { name: "Order confirmation" }).click();
  const dialog = page.getByRole("dialog", { name: "Order confirmation" });
  await expect(dialog).toContainText("Made from a sample order", SLOW);
  await expect(dialog).toContainText(`Subject: Order #1001 confirmed – ${storeName}`);
  await expect(dialog.frameLocator("iframe").getByRole("heading", { name: "Thank you for your order" })).toBeVisible();
  await dialog.getByText("Plain text").click();
  await expect(dialog.locator("pre")).toContainText("Discount (WELCOME10): -$6.20");
  await dialog.screenshot({ path: "e2e/screenshots/mail-preview-1280.png" });
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // A Vietnamese reader on a phone writes the store's e-mails in Vietnamese and previews one.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.evaluate(() => localStorage.setItem("storeloom.language", "vi"));
  await page.goto("/admin/online-store/preferences");
  const email = page.getByRole("form", { name: "Email" });
  await expect(email.getByRole("switch", { name: "Thông báo hủy đơn" })).not.toBeChecked(SLOW);
  await email.getByRole("combobox", { name: "Ngôn ngữ của e-mail" }).click();
  await page.getByRole("option", { name: "Tiếng Việt" }).click();
  await email.getByRole("button", { name: "Thông báo hoàn tiền" }).click();
  const preview = page.getByRole("dialog", { name: "Thông báo hoàn tiền" });
  await expect(preview).toContainText(`Tiêu đề: Hoàn tiền cho đơn hàng #1001 – ${storeName}`, SLOW);
  await expect(preview.frameLocator("iframe").getByRole("heading", { name: /Chúng tôi đã hoàn 10,80/ })).toBeVisible();
  await preview.screenshot({ path: "e2e/screenshots/mail-preview-vi-375.png" });
  await page.keyboard.press("Escape");
  await email.getByRole("button", { name: "Lưu e-mail" }).click();
  await expect(page.getByText("Đã lưu cài đặt e-mail.")).toBeVisible(SLOW);
  await email.screenshot({ path: "e2e/screenshots/mail-settings-vi-375.png" });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  await page.evaluate(() => localStorage.setItem("storeloom.language", "en"));
  const saved = await call<{ language: string; cancellationNotice: boolean }>(request, owner, "GET", "/stores/settings/emails", undefined, store);
  expect(saved).toMatchObject({ language: "vi", cancellationNotice: false });

  // The owner's own alert is fixed on; an order staff member switches theirs on, and off.
  await page.goto("/admin/orders");
  await expect(page.getByRole("switch", { name: "E-mail me each new order" })).toBeChecked(SLOW);
  await expect(page.getByRole("switch", { name: "E-mail me each new order" })).toBeDisabled();
  const staff = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const desk = await staff.newPage();
  await enter(desk, "orders@example.com", /Demo Store/, "/admin/orders");
  const mine = desk.getByRole("switch", { name: "E-mail me each new order" });
  await expect(mine).not.toBeChecked(SLOW);
  await mine.click({ force: true });
  await expect(mine).toBeChecked();
  await desk.reload();
  await expect(mine).toBeChecked(SLOW);
  await mine.click({ force: true });
  await expect(mine).not.toBeChecked();
  await staff.close();
  expect(problems).toEqual([]);
});
