// The screens the spec names by route only, against the real server: record round trips that
// survive a reload, settings that keep what is saved, and the batch screens that change many
// products in one save. Desktop screenshots of the forms go to e2e/screenshots/.
import { expect, test } from "@playwright/test";
import { OWNER, apiSession, call, enter } from "./helpers";

const SHOTS = "e2e/screenshots";

test("a size chart is created, refused without losing what was typed, edited and deleted", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await enter(page, OWNER, /Demo Store/, "/admin/online-store/size-chart");
  await expect(page.getByRole("heading", { name: "Size charts", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Add size chart" }).first().click();
  await expect(page).toHaveURL(/size-chart\/create$/);
  // The core refuses an empty name before anything is sent; the table typed stays.
  await page.getByRole("textbox", { name: "Row 1, column 2" }).fill("88");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("alert")).toContainText("A size chart's name is required.");
  await expect(page.getByRole("textbox", { name: "Row 1, column 2" })).toHaveValue("88");
  await page.getByRole("textbox", { name: "Name" }).fill("Linen tees");
  await page.getByRole("button", { name: "Add row" }).click();
  await page.getByRole("textbox", { name: "Row 2, column 1" }).fill("M");
  await page.getByRole("textbox", { name: "Row 2, column 2" }).fill("96");
  await page.getByRole("textbox", { name: "Row 2, column 3" }).fill("70");
  await page.getByRole("textbox", { name: "Row 1, column 3" }).fill("68");
  await page.screenshot({ path: `${SHOTS}/form-size-chart.png` });
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/size-chart\/[0-9a-f-]{36}$/);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Linen tees", level: 1 })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Row 2, column 2" })).toHaveValue("96");
  await page.getByRole("textbox", { name: "Name" }).fill("Linen tees (unisex)");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved", { exact: true }).first()).toBeVisible();
  await page.goto("/admin/online-store/size-chart");
  await expect(page.getByRole("cell", { name: "Linen tees (unisex)" })).toBeVisible();
  await page.getByRole("cell", { name: "Linen tees (unisex)" }).click();
  await page.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/size-chart$/);
  await page.reload();
  await expect(page.getByText("No size charts yet")).toBeVisible();
});

test("a catalog gets a feed whose public address lists the catalog's products", async ({ page, request }) => {
  const owner = await apiSession(request, OWNER);
  const active = await call<{ total: number }>(request, owner, "GET", "/stores/products?status=active&limit=1");
  await enter(page, OWNER, /Demo Store/, "/admin/catalog/create");
  await page.getByRole("textbox", { name: "Name" }).fill("Google Shopping");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/catalog\/[0-9a-f-]{36}$/);
  await page.goto("/admin/product-feeds/create");
  await page.getByRole("textbox", { name: "Name" }).fill("Google feed");
  await page.getByRole("combobox", { name: "Catalog" }).click();
  await page.getByRole("option", { name: "Google Shopping" }).click();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/product-feeds\/[0-9a-f-]{36}$/);
  await page.goto("/admin/product-feeds");
  const address = await page
    .getByRole("link", { name: /\/api\/public\/feeds\// })
    .first()
    .getAttribute("href");
  expect(address).toBeTruthy();
  const feed = await request.get(address!);
  expect(feed.ok()).toBeTruthy();
  expect(feed.headers()["content-type"]).toContain("application/rss+xml");
  expect((await feed.text()).match(/<item>/g)?.length).toBe(active.total);
});

test("settings keep what is saved: apps, Telegram with the core's refusal, custom store", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await enter(page, OWNER, /Demo Store/, "/admin/apps");
  await expect(page.getByRole("heading", { name: "Apps", level: 1 })).toBeVisible();
  await page.getByRole("switch", { name: "Size Chart" }).check({ force: true });
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved", { exact: true }).first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole("switch", { name: "Size Chart" })).toBeChecked();
  await expect(page.getByRole("switch", { name: "Boost UpSell" })).not.toBeChecked();

  await page.goto("/admin/settings/telegram");
  await page.getByRole("switch", { name: "Send notifications" }).check({ force: true });
  await page.getByRole("textbox", { name: "Chat id" }).fill("my-chat");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("alert")).toContainText("The chat id is a number");
  await expect(page.getByRole("textbox", { name: "Chat id" })).toHaveValue("my-chat");
  await page.getByRole("textbox", { name: "Chat id" }).fill("-1001234567");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved", { exact: true }).first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole("textbox", { name: "Chat id" })).toHaveValue("-1001234567");
  await page.screenshot({ path: `${SHOTS}/form-telegram.png` });

  await page.goto("/admin/online-store/custom-store");
  await page.getByRole("textbox", { name: "Announcement bar" }).fill("Free shipping over $50");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved", { exact: true }).first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole("textbox", { name: "Announcement bar" })).toHaveValue("Free shipping over $50");
});

test("inventory and the bulk editor save many rows at once, visible after a reload", async ({ page, request }) => {
  const owner = await apiSession(request, OWNER);
  const list = await call<{ products: { id: string; title: string; variants: { id: string; title: string }[] }[] }>(
    request,
    owner,
    "GET",
    "/stores/products?limit=20",
  );
  const product = list.products.find((p) => p.variants.length > 0)!;
  const variant = product.variants[0]!;
  await enter(page, OWNER, /Demo Store/, "/admin/inventory");
  const stock = page.getByRole("textbox", { name: `Stock of ${product.title}, ${variant.title}` });
  await stock.fill("37");
  await expect(page.getByText("1 unsaved change")).toBeVisible();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("1 change saved.")).toBeVisible();
  await page.reload();
  await expect(stock).toHaveValue("37");

  await page.goto("/admin/products/bulk-edit");
  const title = page.getByRole("textbox", { name: `Title of ${product.title}` });
  await title.fill(`${product.title} (bulk)`);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("1 change saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("textbox", { name: `Title of ${product.title} (bulk)` })).toBeVisible();
  // Put the title back for the other tests.
  await call(request, owner, "PUT", "/stores/products/bulk", { products: [{ id: product.id, title: product.title }] });
});

test("a domain purchase waits in the list until cancelled, and payout settings survive a reload", async ({ page }) => {
  await enter(page, OWNER, /Demo Store/, "/admin/online-store/domains");
  const purchases = page.getByRole("region", { name: "Buy a domain" });
  await purchases.getByRole("textbox", { name: "Domain to buy" }).fill("not a domain");
  await purchases.getByRole("button", { name: "Buy" }).click();
  await expect(purchases.getByRole("alert")).toBeVisible();
  await expect(purchases.getByRole("textbox", { name: "Domain to buy" })).toHaveValue("not a domain");
  await purchases.getByRole("textbox", { name: "Domain to buy" }).fill("storeloom-e2e-shop.com");
  await purchases.getByRole("button", { name: "Buy" }).click();
  await expect(purchases.getByRole("cell", { name: "storeloom-e2e-shop.com" })).toBeVisible();
  await page.reload();
  await expect(purchases.getByRole("cell", { name: "storeloom-e2e-shop.com" })).toBeVisible();
  await purchases.getByRole("button", { name: "Cancel" }).click();
  await expect(purchases.getByText("No purchase is waiting.")).toBeVisible();

  await page.goto("/admin/settings/payout");
  const settings = page.getByRole("form", { name: "Payout settings" });
  await settings.getByRole("combobox", { name: "Payouts go out" }).click();
  await page.getByRole("option", { name: "Every week" }).click();
  await settings.getByRole("textbox", { name: "Smallest payout" }).fill("$75");
  await settings.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved", { exact: true }).first()).toBeVisible();
  await page.reload();
  await expect(settings.getByRole("combobox", { name: "Payouts go out" })).toHaveValue("Every week");
  await expect(settings.getByRole("textbox", { name: "Smallest payout" })).toHaveValue("$75");
});
