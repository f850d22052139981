// The account screens against the real server: the profile and a change of password, the
// stores (create and switch), personalized products and their fonts, the settings hub as seen
// with fewer permissions, the account overview and the terms of service. Every test leaves the
// demo accounts as it found them (names, password, scopes), since later spec files sign in
// with them. Desktop screenshots go to e2e/screenshots/; each screen is also checked at 375 px
// and with axe-core.
import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, type Page, expect as baseExpect, test } from "@playwright/test";
import { OWNER, PASSWORD, apiSession, call, enter } from "./helpers";

const SHOTS = "e2e/screenshots";
// Screens wait for the server; on a busy machine that can take longer than the default 5 s.
const expect = baseExpect.configure({ timeout: 15_000 });
const ORDERS_STAFF = "orders@example.com";

async function checkAccessibility(page: Page, name: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${name}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.html.slice(0, 160)).join(" | ")}`)).toEqual([]);
}

/** A desktop screenshot of the whole page, from its top. */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** The page fits a 375 px wide phone: nothing wider than the screen. */
async function fitsPhone(page: Page, path: string, ready: RegExp) {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/admin${path}`);
  await expect(page.getByRole("heading", { level: 1, name: ready })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${path} at 375 px`).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function login(request: APIRequestContext, email: string, password: string) {
  return request.post("/api/auth/login", { data: { email, password } });
}

// Each test walks several screens with accessibility checks: more than the default 30 s on a
// busy machine.
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
});

test("the owner edits the profile (a name too long refused by the core first) and sees it after a reload", async ({ page, request }) => {
  const owner = await apiSession(request, OWNER);
  const before = await call<{ firstName: string | null; lastName: string | null }>(request, owner, "GET", "/users/info");
  try {
    await enter(page, OWNER, /Demo Store/, "/admin/profile");
    await expect(page.getByRole("heading", { name: "Your profile" })).toBeVisible();
    await expect(page.getByLabel("First name")).toHaveValue(before.firstName ?? "");
    await expect(page.getByLabel("E-mail")).toHaveValue(OWNER);

    await page.getByLabel("First name").fill("x".repeat(51));
    await page.getByLabel("Last name").fill("Nguyen-Tester");
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByText("First name must have at most 50 letters.")).toBeVisible();
    await expect(page.getByLabel("Last name")).toHaveValue("Nguyen-Tester");

    // The server's own refusal: a picture address that is no web address.
    await page.getByLabel("First name").fill("Olivia-Anh");
    await page.getByLabel("Picture address").fill("ftp://pictures.example/me.png");
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "The picture address must start with http:// or https://" })).toBeVisible();
    await expect(page.getByLabel("First name")).toHaveValue("Olivia-Anh");
    await page.getByLabel("Picture address").fill("");

    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByText("Your profile has been saved")).toBeVisible();
    await shot(page, "account-profile");
    await checkAccessibility(page, "profile");

    await page.reload();
    await expect(page.getByLabel("First name")).toHaveValue("Olivia-Anh");
    await expect(page.getByLabel("Last name")).toHaveValue("Nguyen-Tester");
    // The top bar's account menu shows the new name as well.
    await page.getByRole("button", { name: "Account menu" }).click();
    await expect(page.getByRole("menu").getByText("Olivia-Anh Nguyen-Tester")).toBeVisible();
    await page.keyboard.press("Escape");
    await fitsPhone(page, "/profile", /Your profile/);
  } finally {
    await call(request, owner, "PUT", "/users", { firstName: before.firstName ?? "", lastName: before.lastName ?? "" });
  }
});

test("the owner changes the password: a wrong current one is refused and keeps the fields, the right one works for signing in", async ({
  page,
  request,
  browser,
}) => {
  const NEW_PASSWORD = "storeloom-new-1";
  try {
    await enter(page, OWNER, /Demo Store/, "/admin/profile");
    const current = page.getByLabel("Current password");
    const next = page.getByLabel("New password", { exact: true });
    const confirm = page.getByLabel("Confirm the new password");

    // The core's checks first: nothing typed, then a confirmation that differs.
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("Current password is required")).toBeVisible();
    await current.fill("not-my-password");
    await next.fill(NEW_PASSWORD);
    await confirm.fill(`${NEW_PASSWORD}x`);
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("Passwords do not match")).toBeVisible();

    // The server's refusal: the current password is wrong; every field keeps what was typed.
    await confirm.fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "The current password is incorrect." })).toBeVisible();
    await expect(current).toHaveValue("not-my-password");
    await expect(next).toHaveValue(NEW_PASSWORD);
    await expect(confirm).toHaveValue(NEW_PASSWORD);

    await current.fill(PASSWORD);
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Your password has been changed." })).toBeVisible();
    await expect(current).toHaveValue("");
    await expect(next).toHaveValue("");

    expect((await login(request, OWNER, PASSWORD)).ok()).toBeFalsy();
    const fresh = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const other = await fresh.newPage();
    await other.goto("/admin/auth/login");
    await other.getByLabel("Email").fill(OWNER);
    await other.getByLabel("Password", { exact: true }).fill(NEW_PASSWORD);
    await other.getByRole("button", { name: "Sign in" }).click();
    await expect(other.getByRole("heading", { name: "Choose a shop" })).toBeVisible();
    await fresh.close();
  } finally {
    // Back to the demo password, whichever step the test reached.
    const changed = await login(request, OWNER, NEW_PASSWORD);
    if (changed.ok()) {
      const session = (await changed.json()) as { accessToken: string; storeId: string };
      await call(request, session, "PUT", "/users/change-password", {
        currentPassword: NEW_PASSWORD,
        newPassword: PASSWORD,
        confirmPassword: PASSWORD,
      });
    }
    expect((await login(request, OWNER, PASSWORD)).ok()).toBeTruthy();
  }
});

test("the owner creates a store, switches to it, and a dropship store says personalized products are not offered", async ({ page, request }) => {
  const name = `Hue Prints ${Date.now().toString(36)}`;
  await enter(page, OWNER, /Demo Store/, "/admin/stores");
  await expect(page.getByRole("heading", { name: "Your stores" })).toBeVisible();
  const list = page.getByRole("region", { name: "Stores", exact: true });
  await expect(list.getByText("Demo Store")).toBeVisible();
  await expect(list.getByText("Current store")).toBeVisible();

  await page.getByRole("button", { name: "Create store" }).click();
  await expect(page.getByText("Store name is required")).toBeVisible();
  await page.getByLabel("Store name").fill("x");
  await page.getByRole("button", { name: "Create store" }).click();
  await expect(page.getByText(/Store name must have at least 2/)).toBeVisible();
  await page.getByLabel("Store name").fill(name);
  await page.getByRole("button", { name: "Create store" }).click();
  await expect(page.getByText(`${name} has been created`)).toBeVisible();
  await expect(page.getByLabel("Store name")).toHaveValue("");
  await expect(list.getByText(name)).toBeVisible();
  await shot(page, "account-stores");
  await checkAccessibility(page, "stores");
  await fitsPhone(page, "/stores", /Your stores/);

  // A reload still lists it (from the server), ready to switch to.
  await page.reload();
  await page.getByRole("button", { name: `Switch to ${name}` }).click();
  await expect(page).toHaveURL(/\/admin\/?$/);
  await expect(page.getByRole("banner").getByText(name)).toBeVisible();

  // The new store is the session's store now: make it a dropship store and open the screen.
  const owner = await apiSession(request, OWNER);
  const stores = await call<{ stores: { id: string; name: string }[] }>(request, owner, "GET", "/users/stores");
  const created = stores.stores.find((store) => store.name === name);
  expect(created).toBeDefined();
  const preference = await call<Record<string, unknown>>(request, owner, "GET", "/stores/preferences", undefined, created!.id);
  await call(request, owner, "PUT", "/stores/preferences", { ...preference, businessType: "dropship" }, created!.id);
  await page.goto("/admin/product-personalized");
  await expect(page.getByRole("alert").filter({ hasText: "Not available for dropship stores" })).toBeVisible();
  await page.goto("/admin/product-personalized/create");
  await expect(page.getByText("Not available for dropship stores")).toBeVisible();
  await expect(page.getByTestId("drawer").getByText("Personalized Product")).toHaveCount(0);
});

test("a personalized product is created (the server's refusal keeps the form), edited and deleted, surviving reloads; a font is added and removed", async ({
  page,
}) => {
  await enter(page, OWNER, /Demo Store/);
  const drawer = page.getByTestId("drawer");
  await drawer.getByText("Products", { exact: true }).click();
  await drawer.getByText("Personalized Product", { exact: true }).click();
  await expect(page.getByRole("heading", { name: "Personalized products" })).toBeVisible();
  // The seeded set-up and fonts.
  await expect(page.getByRole("link", { name: "Name on a mug" })).toBeVisible();
  await expect(page.getByText(/^\d+ personalized products?$/)).toBeVisible();
  await expect(page.getByText("Pacifico", { exact: true })).toBeVisible();
  await shot(page, "account-personalized");
  await checkAccessibility(page, "personalized products");

  // A font: refused with an address that is no font file, then added, then removed.
  await page.getByLabel("Font name").fill("Lobster");
  await page.getByLabel("Font file address").fill("http://fonts.example/lobster.png");
  await page.getByRole("button", { name: "Add font" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "The font's address must be an https:// link" })).toBeVisible();
  await expect(page.getByLabel("Font name")).toHaveValue("Lobster");
  await page.getByLabel("Font file address").fill("https://fonts.example/lobster.woff2");
  await page.getByRole("button", { name: "Add font" }).click();
  await expect(page.getByText("https://fonts.example/lobster.woff2")).toBeVisible();

  await page.getByRole("link", { name: "Add a personalized product" }).first().click();
  await expect(page.getByRole("heading", { name: "Add a personalized product" })).toBeVisible();
  await page.getByRole("button", { name: "Save" }).click();
  const refusal = page.getByRole("alert").filter({ hasText: "Not saved" });
  await expect(refusal).toContainText("The name must have 1 to 100 characters.");
  await expect(refusal).toContainText("Choose the product to personalize.");

  await page.getByLabel(/^Name/).fill("Engraved cutting board");
  await page.getByRole("button", { name: "Add a text layer" }).click();
  await page.getByLabel("Label").fill("Family name");
  await page.getByRole("combobox", { name: "Font" }).click();
  await page.getByRole("option", { name: "Lobster" }).click();
  await page.getByLabel("Most characters").fill("16");
  // Still refused without a product; what was typed stays.
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Choose the product to personalize." })).toBeVisible();
  await expect(page.getByLabel("Label")).toHaveValue("Family name");

  await page.getByRole("combobox", { name: /^Product/ }).fill("Mug");
  await page.getByRole("option", { name: /Mug/ }).first().click();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/admin\/product-personalized\/[^/]+$/);
  await expect(page.getByRole("heading", { name: "Engraved cutting board" })).toBeVisible();

  await page.reload();
  await expect(page.getByRole("heading", { name: "Engraved cutting board" })).toBeVisible();
  await expect(page.getByLabel(/^Name/)).toHaveValue("Engraved cutting board");
  await expect(page.getByLabel("Label")).toHaveValue("Family name");
  await expect(page.getByLabel("Most characters")).toHaveValue("16");
  await expect(page.getByRole("combobox", { name: "Font" })).toHaveValue("Lobster");
  await expect(page.getByRole("combobox", { name: /^Product/ })).toHaveValue(/Mug/);
  await shot(page, "account-personalized-form");
  await checkAccessibility(page, "personalized product form");

  // Edit: a new name and a second (image) layer.
  await page.getByLabel(/^Name/).fill("Engraved board with photo");
  await page.getByRole("button", { name: "Add an image layer" }).click();
  await page.getByRole("group", { name: "Layer 2" }).getByLabel("Label").fill("Your photo");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { name: "Engraved board with photo" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { name: "Engraved board with photo" })).toBeVisible();
  await expect(page.getByRole("group", { name: "Layer 2" }).getByLabel("Label")).toHaveValue("Your photo");

  await page.getByRole("link", { name: "Personalized products" }).click();
  const row = page.getByRole("row").filter({ hasText: "Engraved board with photo" });
  await expect(row).toContainText("Mug");
  await expect(row.getByRole("cell").nth(2)).toHaveText("2");

  await row.getByRole("link").click();
  await page.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/admin\/product-personalized$/);
  await page.reload();
  await expect(page.getByRole("link", { name: "Name on a mug" })).toBeVisible();
  await expect(page.getByText("Engraved board with photo")).toHaveCount(0);

  await page.getByRole("button", { name: "Remove the font Lobster" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("https://fonts.example/lobster.woff2")).toHaveCount(0);
  await fitsPhone(page, "/product-personalized", /Personalized products/);
});

test("a product's form shows its personalizations, each opening its set-up, and adds one for that product", async ({ page, request }) => {
  const owner = await apiSession(request, OWNER);
  const list = await call<{ personalizes: { id: string; productId: string; name: string }[] }>(request, owner, "GET", "/personalizes/?page=1&limit=50");
  const seeded = list.personalizes.find((setup) => setup.name === "Name on a mug")!;
  expect(seeded).toBeDefined();
  const product = await call<{ title: string }>(request, owner, "GET", `/stores/products/${seeded.productId}`);
  await enter(page, OWNER, /Demo Store/, `/admin/products/${seeded.productId}`);
  const card = page.getByRole("region", { name: "Personalization" });
  await card.getByRole("link", { name: "Name on a mug (1 layer)" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/product-personalized/${seeded.id}$`));
  await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveValue("Name on a mug");
  await page.goBack();
  await card.getByRole("link", { name: "Add a personalization" }).click();
  await expect(page).toHaveURL(/\/admin\/product-personalized\/create\?product=/);
  await expect(page.getByRole("combobox", { name: /^Product/ })).toHaveValue(product.title);
});

test("the settings hub shows only the cards a user may open", async ({ page, request, browser }) => {
  await enter(page, OWNER, /Demo Store/, "/admin/settings");
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  const all = ["Account", "Payouts", "Notifications (Telegram)", "Themes", "Preferences", "Domains", "Staff", "Sales channel", "Apps"];
  for (const card of all) await expect(page.getByRole("main").getByRole("link", { name: card, exact: true })).toBeVisible();
  await shot(page, "account-settings-hub");
  await checkAccessibility(page, "settings hub");
  await page.getByRole("main").getByRole("link", { name: "Domains", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/online-store\/domains$/);
  await fitsPhone(page, "/settings", /^Settings$/);

  // orders@example.com holds orders and products only: the hub's route itself needs the
  // settings scope, so it leads to no-access.
  const staffContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const staffPage = await staffContext.newPage();
  await enter(staffPage, ORDERS_STAFF, /Demo Store/);
  const noAccess = staffPage.getByRole("heading", { name: "You do not have access to this page" });
  // Without the homes scope they land on their first screen, the orders; the hub is no-access.
  await expect(staffPage).toHaveURL(/\/admin\/orders$/);
  await staffPage.goto("/admin/settings");
  await expect(staffPage).toHaveURL(/\/admin\/no-access$/);
  await expect(noAccess).toBeVisible();

  // With the settings scope added, the hub opens with only the cards of what it may open.
  const owner = await apiSession(request, OWNER);
  const { staffs } = await call<{ staffs: { id: string; email: string; scopes: string[] }[] }>(request, owner, "GET", "/users/store-staffs");
  const member = staffs.find((m) => m.email === ORDERS_STAFF);
  expect(member?.scopes.sort()).toEqual(["orders", "products"]);
  try {
    await call(request, owner, "PUT", `/users/update-store-staff/${member!.id}`, { scopes: ["orders", "products", "settings"] });
    await staffPage.goto("/admin/settings");
    await expect(staffPage.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
    for (const card of ["Account", "Notifications (Telegram)", "Profile", "Your stores"])
      await expect(staffPage.getByRole("main").getByRole("link", { name: card, exact: true })).toBeVisible();
    for (const card of ["Payouts", "Themes", "Preferences", "Domains", "Staff", "Sales channel", "Apps"])
      await expect(staffPage.getByRole("main").getByRole("link", { name: card, exact: true })).toHaveCount(0);
    await shot(staffPage, "account-settings-hub-staff");
  } finally {
    await call(request, owner, "PUT", `/users/update-store-staff/${member!.id}`, { scopes: ["orders", "products"] });
    await staffContext.close();
  }
});

test("the account overview shows the plan, the trial's days left and the store", async ({ page }) => {
  await enter(page, OWNER, /Demo Store/);
  // The trial banner's button leads to the account's plan page, which leads back here.
  await page.getByRole("link", { name: "Select a plan" }).click();
  await expect(page).toHaveURL(/\/admin\/settings\/account\/plans$/);
  await page.getByRole("link", { name: "Back to account" }).click();
  await expect(page).toHaveURL(/\/admin\/settings\/account$/);
  await expect(page.getByRole("heading", { name: "Account", level: 1 })).toBeVisible();
  await expect(page.getByText("VIP, monthly")).toBeVisible();
  await expect(page.getByText(/1[34] days left in your trial/)).toBeVisible();
  const store = page.getByRole("region", { name: "Store", exact: true });
  await expect(store).toContainText("Demo Store");
  await expect(store).toContainText("demo");
  await expect(page.getByRole("region", { name: "Signed in as" })).toContainText(OWNER);
  await shot(page, "account-overview");
  await checkAccessibility(page, "account overview");
  await page.getByRole("link", { name: "Edit your profile" }).click();
  await expect(page).toHaveURL(/\/admin\/profile$/);
  await fitsPhone(page, "/settings/account", /^Account$/);
});

test("the terms of service read as a document with a table of contents, in English and Vietnamese", async ({ page }) => {
  await enter(page, OWNER, /Demo Store/, "/admin/terms-of-service");
  await expect(page.getByRole("heading", { name: "Terms of service", level: 1 })).toBeVisible();
  const contents = page.getByRole("navigation", { name: "Contents" });
  await expect(contents.getByRole("link")).toHaveCount(14);
  await shot(page, "account-terms");
  await checkAccessibility(page, "terms of service");
  // Keyboard: a contents link moves focus to its section.
  await contents.getByRole("link", { name: "Payments and payouts" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "6. Payments and payouts" })).toBeFocused();
  await expect(page.getByRole("heading", { name: "6. Payments and payouts" })).toBeInViewport();
  await expect(page).toHaveURL(/#terms-payments$/);
  await fitsPhone(page, "/terms-of-service", /Terms of service/);

  await page.evaluate(() => localStorage.setItem("storeloom.language", "vi"));
  await page.reload();
  await expect(page.getByRole("heading", { name: "Điều khoản dịch vụ", level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Mục lục" }).getByRole("link", { name: "Thanh toán và rút tiền" })).toBeVisible();
});
