// What a new merchant trips over in the first hour (issue 28), through the real server: the
// store's public address, unsaved edits, the onboarding popup, phones at 375 px, and the
// smaller things (named delete questions, toasts clear of the top bar, products past the
// first 250 in the personalized list).
import { type Page, expect, test } from "@playwright/test";
import { OWNER, SELLER, apiSession, call, choosePlan, enter, newStore } from "./helpers";

const PHONE = { width: 375, height: 740 };

/** No element makes the page wider than the window. */
async function expectNothingWider(page: Page) {
  const width = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(width.scroll, "the page is wider than the window").toBeLessThanOrEqual(width.inner);
}

test("Open your site, the Online Store icon, Themes and Domains open the storefront at /s/{subdomain}/", async ({ page, request }) => {
  await enter(page, OWNER, /Demo Store/);
  await page.getByRole("button", { name: "Account menu" }).click();
  const site = page.getByRole("menuitem", { name: "Open your site" });
  await expect(site).toHaveAttribute("href", "/s/demo/");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("link", { name: "Open your store in a new tab" })).toHaveAttribute("href", "/s/demo/");
  // The address is the store's home page, not a sign-in page.
  const home = await request.get("/s/demo/");
  expect(home.status()).toBe(200);
  expect(await home.text()).toContain("Demo Store");
  for (const path of ["/admin/online-store/themes", "/admin/online-store/domains", "/admin/online-store/custom-store"]) {
    await page.goto(path);
    await expect(page.getByRole("link", { name: /View store|View your store|Open/ }).first()).toHaveAttribute("href", "/s/demo/");
  }
});

test("a dirty form shows the save bar and asks before it is left; Stay keeps the edits, Discard puts them back", async ({ page, request }) => {
  const owner = await apiSession(request, OWNER);
  const created = await call<{ id: string }>(request, owner, "POST", "/stores/onlinestore/pages/", {
    title: "Leave Guard Page",
    handle: "",
    bodyHtml: "<p>Hello</p>",
    published: true,
  });
  await enter(page, OWNER, /Demo Store/);
  // Opened from the list, so that Back is a move inside the admin.
  await page.goto("/admin/online-store/pages");
  await page.getByRole("row").filter({ hasText: "Leave Guard Page" }).click();
  const title = page.getByLabel("Title");
  await expect(title).toHaveValue("Leave Guard Page");
  const bar = page.getByTestId("save-bar");
  // Nothing changed yet: no bar, and leaving asks nothing.
  await expect(bar).toHaveCount(0);

  await title.fill("Leave Guard Page, edited");
  await expect(bar).toBeVisible();
  await expect(bar).toContainText("Unsaved changes");

  // A link of the drawer: the question, and Stay keeps the edits.
  await page
    .getByRole("link", { name: "Back" })
    .or(page.getByRole("link", { name: "Pages" }))
    .first()
    .click();
  const dialog = page.getByRole("dialog", { name: "Leave page with unsaved changes?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Stay on page" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/online-store/pages/${created.id}$`));
  await expect(title).toHaveValue("Leave Guard Page, edited");

  // The browser's Back: asked too, and Stay keeps the page.
  await page.goBack();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Stay on page" }).click();
  await expect(page).toHaveURL(new RegExp(`/online-store/pages/${created.id}$`));
  await expect(title).toHaveValue("Leave Guard Page, edited");

  // Discard puts the saved values back and the bar goes.
  await bar.getByRole("button", { name: "Discard" }).click();
  await expect(title).toHaveValue("Leave Guard Page");
  await expect(bar).toHaveCount(0);

  // Save from the bar: saved, the bar goes, and leaving asks nothing.
  await title.fill("Leave Guard Page, saved");
  await bar.getByRole("button", { name: "Save" }).click();
  await expect(bar).toHaveCount(0);
  const saved = await call<{ title: string }>(request, owner, "GET", `/stores/onlinestore/pages/${created.id}`);
  expect(saved.title).toBe("Leave Guard Page, saved");
  await page.getByRole("link", { name: "Pages" }).first().click();
  await expect(page).toHaveURL(/\/online-store\/pages$/);

  // Leave: the edits are left behind, as asked.
  await page.goto(`/admin/online-store/pages/${created.id}`);
  await title.fill("Never saved");
  await page.getByRole("link", { name: "Pages" }).first().click();
  await dialog.getByRole("button", { name: "Leave page" }).click();
  await expect(page).toHaveURL(/\/online-store\/pages$/);
  const after = await call<{ title: string }>(request, owner, "GET", `/stores/onlinestore/pages/${created.id}`);
  expect(after.title).toBe("Leave Guard Page, saved");
});

test("a product opened for editing is not dirty, and closing the tab with edits gets the browser's warning", async ({ page, request }) => {
  const owner = await apiSession(request, OWNER);
  const list = await call<{ products: { id: string; title: string }[] }>(request, owner, "GET", "/stores/products?limit=1");
  const product = list.products[0];
  if (!product) throw new Error("the demo store has no product");
  await enter(page, OWNER, /Demo Store/, `/admin/products/${product.id}`);
  // The product form is the heaviest screen (its rich-text editor is a chunk of its own).
  await expect(page.getByLabel("Title")).toHaveValue(product.title, { timeout: 20_000 });
  await expect(page.getByTestId("save-bar")).toHaveCount(0);
  await page.getByLabel("Title").fill(`${product.title} (draft)`);
  await expect(page.getByTestId("save-bar")).toBeVisible();
  // Closing the tab with unsaved edits: the browser asks (beforeunload); dismissing it stays.
  const asked = new Promise<string>((resolve) => {
    page.once("dialog", (dialog) => {
      resolve(dialog.type());
      void dialog.dismiss();
    });
  });
  await page.close({ runBeforeUnload: true });
  expect(await asked).toBe("beforeunload");
  expect(page.isClosed()).toBe(false);
  await expect(page.getByLabel("Title")).toHaveValue(`${product.title} (draft)`);
});

test("a delete question names what it deletes", async ({ page, request }) => {
  const owner = await apiSession(request, OWNER);
  const created = await call<{ id: string }>(request, owner, "POST", "/stores/onlinestore/pages/", {
    title: "About us named",
    handle: "",
    bodyHtml: "<p>About</p>",
    published: false,
  });
  await enter(page, OWNER, /Demo Store/, `/admin/online-store/pages/${created.id}`);
  await expect(page.getByLabel("Title")).toHaveValue("About us named");
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Delete “About us named”?");
  await dialog.getByRole("button", { name: "Cancel" }).click();
});

test("the onboarding popup stays closed after a reload, is translated, and is a small pill on a phone", async ({ page, request }) => {
  const seller = await apiSession(request, SELLER);
  const store = await newStore(request, seller, "Pill Shop");
  await enter(page, SELLER, /Pill Shop/);
  const popup = page.getByRole("region", { name: "Getting started" });
  // On the home page of a wide screen the card is open.
  await expect(popup.getByText("Next step: Add your first product")).toBeVisible();
  await expect(popup.getByRole("button", { name: "Skip this step" })).toBeVisible();

  // Elsewhere it is a pill docked at the bottom right that opens into the card.
  await page.goto("/admin/orders");
  await expect(page.getByTestId("onboarding-pill")).toBeVisible();
  await page.getByTestId("onboarding-pill").click();
  await expect(popup.getByRole("button", { name: "Skip this step" })).toBeVisible();

  // In Vietnamese the step's texts are Vietnamese.
  await page.evaluate(() => localStorage.setItem("storeloom.language", "vi"));
  await page.goto("/admin/");
  const vi = page.getByRole("region", { name: "Bắt đầu" });
  await expect(vi.getByText("Bước tiếp theo: Thêm sản phẩm đầu tiên")).toBeVisible();
  await expect(vi.getByText("Add your first product")).toHaveCount(0);
  await page.evaluate(() => localStorage.setItem("storeloom.language", "en"));

  // On a phone: a pill, not a third of the screen.
  await page.setViewportSize(PHONE);
  await page.goto("/admin/orders");
  const pill = page.getByTestId("onboarding-pill");
  await expect(pill).toBeVisible();
  const box = await pill.boundingBox();
  expect(box?.height ?? 999).toBeLessThan(60);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Closed: gone, and still gone after a reload and on another device (the server keeps it).
  await page.goto("/admin/");
  await popup.getByRole("button", { name: "Close" }).click();
  await expect(popup).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await expect(popup).toHaveCount(0);
  const status = await call<{ dismissed: boolean }>(request, seller, "GET", "/stores/config/status", undefined, store);
  expect(status.dismissed).toBe(true);
});

test("at 375 px the orders list folds its filters and no list screen is wider than the phone", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  await enter(page, OWNER, /Demo Store/, "/admin/orders");
  await expect(page.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();
  await expect(page.getByRole("table")).toBeVisible();
  const filters = page.getByRole("button", { name: "Filters" });
  await expect(filters).toBeVisible();
  // The table starts on the first screen.
  const table = await page.getByRole("table").boundingBox();
  expect(table?.y ?? 9999).toBeLessThan(PHONE.height);
  await expectNothingWider(page);
  await filters.click();
  await expect(page.getByRole("button", { name: "Hide filters" })).toBeVisible();
  await expectNothingWider(page);

  for (const path of [
    "/orders/abandoned",
    "/products",
    "/collections",
    "/customers",
    "/discounts/code",
    "/discounts/automatic",
    "/online-store/pages",
    "/online-store/navigation",
    "/online-store/themes",
    "/online-store/domains",
    "/online-store/members",
    "/product-personalized",
    "/settings/payout",
  ]) {
    await page.goto(`/admin${path}`);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    await expect(page.getByTestId("page-skeleton")).toHaveCount(0);
    await expectNothingWider(page);
  }
});

test("at 375 px the theme editor fits: Save in view, and the settings and the preview in turn", async ({ page, request }) => {
  const owner = await apiSession(request, OWNER);
  const themes = await call<{ themes?: { id: string; isActive: boolean }[] } | { id: string; isActive: boolean }[]>(
    request,
    owner,
    "GET",
    "/stores/onlinestore/themes",
  );
  const list = Array.isArray(themes) ? themes : (themes.themes ?? []);
  const theme = list.find((candidate) => candidate.isActive) ?? list[0];
  if (!theme) throw new Error("the demo store has no theme");
  await page.setViewportSize(PHONE);
  await enter(page, OWNER, /Demo Store/, `/admin/online-store/themes/${theme.id}/editor`);
  const bar = page.getByTestId("editor-top-bar");
  await expect(bar).toBeVisible();
  const save = bar.getByRole("button", { name: "Save" });
  await expect(save).toBeInViewport();
  const barBox = await bar.boundingBox();
  expect(barBox?.width ?? 9999).toBeLessThanOrEqual(PHONE.width);
  await expectNothingWider(page);
  // The settings first, the whole width; then the preview, the whole width.
  const sidebar = page.getByRole("complementary", { name: /./ }).first();
  await expect(sidebar).toBeVisible();
  await page.getByText("Preview", { exact: true }).click();
  const frame = page.getByTestId("preview-frame");
  await expect(frame).toBeVisible();
  const frameBox = await frame.boundingBox();
  expect(frameBox?.width ?? 0).toBeGreaterThan(300);
  await expectNothingWider(page);
});

test("toasts appear clear of the top bar's bell and avatar", async ({ page, request }) => {
  const owner = await apiSession(request, OWNER);
  const created = await call<{ id: string }>(request, owner, "POST", "/stores/onlinestore/pages/", {
    title: "Toast Page",
    handle: "",
    bodyHtml: "<p>Toast</p>",
    published: false,
  });
  await enter(page, OWNER, /Demo Store/, `/admin/online-store/pages/${created.id}`);
  await page.getByLabel("Title").fill("Toast Page, saved");
  await page.getByTestId("save-bar").getByRole("button", { name: "Save" }).click();
  const toast = page.getByRole("alert").filter({ hasText: "Saved" }).first();
  await expect(toast).toBeVisible();
  const toastBox = await toast.boundingBox();
  const avatar = await page.getByRole("button", { name: "Account menu" }).boundingBox();
  expect(toastBox && avatar).toBeTruthy();
  if (toastBox && avatar) expect(toastBox.y).toBeGreaterThan(avatar.y + avatar.height);
});

test("the personalized list names products past the first 250", async ({ page, request }) => {
  test.setTimeout(180_000);
  const seller = await apiSession(request, SELLER);
  const store = await newStore(request, seller, "Many Products Shop");
  await choosePlan(request, seller, store);
  const product = async (title: string) =>
    call<{ id: string }>(
      request,
      seller,
      "POST",
      "/stores/products",
      { title, descriptionHtml: "", images: [], price: 10, options: [], variants: [], tags: [], status: "active" },
      store,
    );
  const named = await product("Engraved Mug Number One");
  await call(request, seller, "POST", "/personalizes", { productId: named.id, name: "Mug engraving", layers: [] }, store);
  // 250 newer products: the named one is no longer on the first page of 250.
  for (let batch = 0; batch < 25; batch += 1) {
    await Promise.all(Array.from({ length: 10 }, (_, i) => product(`Filler ${batch * 10 + i}`)));
  }
  await enter(page, SELLER, /Many Products Shop/, "/admin/product-personalized");
  const row = page.getByRole("row").filter({ hasText: "Mug engraving" });
  await expect(row).toContainText("Engraved Mug Number One", { timeout: 20_000 });
  await expect(row).not.toContainText("not found");
});

test("the profile shows the save bar while its names differ from the saved ones and asks before they are left", async ({ page, request }) => {
  const seller = await apiSession(request, SELLER);
  const before = await call<{ firstName: string | null; lastName: string | null }>(request, seller, "GET", "/users/info");
  try {
    await enter(page, SELLER, /./, "/admin/profile");
    const first = page.getByLabel("First name");
    await expect(first).toHaveValue(before.firstName ?? "");
    const bar = page.getByTestId("save-bar");
    await expect(bar).toHaveCount(0);

    await first.fill("Edited");
    await expect(bar).toBeVisible();
    // Leaving asks; Stay keeps what was typed.
    await page.getByRole("link", { name: "Orders" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Leave page with unsaved changes?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Stay on page" }).click();
    await expect(page).toHaveURL(/\/admin\/profile$/);
    await expect(first).toHaveValue("Edited");

    // Typing the saved value back is no change; Discard puts the saved names back.
    await first.fill(before.firstName ?? "");
    await expect(bar).toHaveCount(0);
    await first.fill("Edited");
    await bar.getByRole("button", { name: "Discard" }).click();
    await expect(first).toHaveValue(before.firstName ?? "");
    await expect(bar).toHaveCount(0);

    // Save from the bar: saved on the server, and the bar goes.
    await first.fill("Barsaved");
    await bar.getByRole("button", { name: "Save" }).click();
    await expect(bar).toHaveCount(0);
    await expect.poll(async () => (await call<{ firstName: string | null }>(request, seller, "GET", "/users/info")).firstName).toBe("Barsaved");
  } finally {
    await call(request, seller, "PUT", "/users", { firstName: before.firstName ?? "", lastName: before.lastName ?? "" });
  }
});
