// The admin's first hour, the session's part (issue 28): the sign-up survey and the shop
// choice's survey check, the register key, the notifications history, where staff land, a
// failing user-info call, the drawer's links, the not-found page and the return to the page a
// session ended on. Real server, real Chromium.
import { type APIRequestContext, type Page, expect, test } from "@playwright/test";
import { OWNER, PASSWORD, apiSession, call, choosePlan, enter, enterThroughPage, newStore, sqlInTestDatabase, watch } from "./helpers";

const drawer = (page: Page) => page.getByTestId("drawer");

/** The path of the link in the newest e-mail to `to` that matches `kind`. */
async function mailedLink(request: APIRequestContext, to: string, kind: RegExp): Promise<string> {
  const mails = (await (await request.get("/api/dev/mailbox")).json()) as { to: string; body: string }[];
  const mail = mails.find((m) => m.to === to && kind.test(m.body));
  expect(mail, `a mail to ${to}`).toBeDefined();
  const link = new URL(/https?:\/\/\S+/.exec(mail!.body)![0]);
  return `${link.pathname}${link.search}`;
}

async function signIn(page: Page, email: string, password = PASSWORD) {
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("registration opens only with the configured key; a new merchant goes through the survey once", async ({ page, request }) => {
  const email = `first-${Date.now().toString(36)}@example.com`;
  const store = `Survey Shop ${Date.now().toString(36)}`;
  // A wrong key: the form never shows.
  await page.goto("/admin/auth/register?sk=not-the-key");
  await expect(page.getByText("Registration is by invitation.")).toBeVisible();
  await expect(page.getByLabel("Store name")).toHaveCount(0);

  await page.goto("/admin/auth/register?sk=welcome");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("firsthour1");
  await page.getByLabel("Store name").fill(store);
  await page.getByRole("button", { name: "Create my store" }).click();
  await expect(page.getByRole("status")).toContainText("Check your e-mail");

  // The activation link signs the merchant in.
  await page.goto(await mailedLink(request, email, /type=activation/));
  await page.getByRole("button", { name: new RegExp(store) }).click();

  // GET /stores/survey answered 404: the survey, greeting the new merchant with the address.
  await expect(page).toHaveURL(/\/admin\/auth\/survey\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get("register")).toBe("1");
  expect(url.searchParams.get("storeId")).toBeTruthy();
  expect(url.searchParams.get("defaultSystemDomain")).toMatch(/^survey-shop-/);
  await expect(page.getByRole("heading", { name: `Welcome! ${store} is ready` })).toBeVisible();
  await expect(page.getByText(`Your store's address is ${url.searchParams.get("defaultSystemDomain")}`)).toBeVisible();
  await page.getByRole("button", { name: "Continue to my store" }).click();
  await expect(page.getByText("Choose an answer")).toHaveCount(2);
  // Sign-up asks no name: the survey does, so the admin greets the merchant by it.
  await expect(page.getByText("First name is required")).toBeVisible();
  await page.getByLabel("Your first name").pressSequentially("Linh");
  await page.getByLabel("Your last name").pressSequentially("Đỗ");
  await page.getByRole("radio", { name: "Print-on-demand products" }).check();
  await page.getByRole("radio", { name: "No, this is my first store" }).check();
  await page.getByLabel("How did you hear about us? (optional)").fill("A friend");
  await page.getByRole("button", { name: "Continue to my store" }).click();
  await expect(page).toHaveURL(/\/admin\/?$/);
  await expect(page.getByRole("banner").getByText(store)).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Linh Đỗ");

  // Done once: the next shop choice opens the admin directly.
  await page.goto("/admin/auth/shop");
  await page.getByRole("button", { name: new RegExp(store) }).click();
  await expect(page).toHaveURL(/\/admin\/?$/);
  // The demo store, whose survey the seed answered, never shows it.
  await page.goto("/admin/auth/login");
  await enterThroughPage(page, OWNER, /Demo Store/);
  await expect(page).toHaveURL(/\/admin\/?$/);
});

test("the notifications history shows read ones too, ten to a page, with a read/unread filter", async ({ page, request }) => {
  const owner = await apiSession(request, OWNER);
  const name = `Bell Shop ${Date.now().toString(36)}`;
  const store = await newStore(request, owner, name);
  const now = Date.now();
  const rows = Array.from({ length: 12 }, (_, i) => {
    const n = i + 1;
    // Seven read (status 2), five unread (status 1); the newest first is Notice 12.
    return `('n-${store}-${n}', '${store}', 'test', 'Notice ${n}', '<p>Body of notice ${n}</p>', ${n <= 7 ? 2 : 1}, ${now - (13 - n) * 60_000})`;
  });
  sqlInTestDatabase(`INSERT INTO notifications (id, store_id, kind, title, body, status, created_at) VALUES ${rows.join(", ")};`);

  // The bell keeps the spec's call: page 1, 10 a page, unread only.
  const bellCall = page.waitForRequest((r) => /\/api\/stores\/payout\/v2\/notification\?page=1&limit=10&status=1$/.test(r.url()));
  await enter(page, OWNER, new RegExp(name));
  await bellCall;
  const problems = watch(page);
  await page.getByRole("button", { name: /Notifications, \d+ unread/ }).click();
  await page.getByRole("menuitem", { name: "See all notifications" }).click();
  await expect(page).toHaveURL(/\/admin\/notifications$/);
  await expect(page.getByRole("heading", { name: "Notifications", level: 1 })).toBeVisible();
  await expect(page.getByText("12 notifications")).toBeVisible();
  const list = page.getByTestId("notification-list");
  await expect(list.getByRole("listitem")).toHaveCount(10);
  await expect(list.getByRole("listitem").first()).toContainText("Notice 12");
  await expect(list.getByRole("button", { name: "Open Notice 1", exact: true })).toHaveCount(0);

  await page.getByRole("button", { name: "2", exact: true }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await expect(list.getByRole("button", { name: "Open Notice 1", exact: true })).toBeVisible();

  // Read ones can be seen again.
  await page.locator('[aria-labelledby="notification-filter"]').getByText("Read", { exact: true }).click();
  await expect(page).toHaveURL(/status=read$/);
  await expect(page.getByText("7 notifications")).toBeVisible();
  await expect(list.getByRole("listitem")).toHaveCount(7);
  await list.getByRole("button", { name: "Open Notice 3", exact: true }).click();
  const notice3 = page.getByRole("dialog", { name: "Notice 3" });
  await expect(notice3).toContainText("Body of notice 3");
  // The dialog's own Close (the getting-started card has one too).
  await notice3.getByRole("button", { name: "Close" }).click();
  await expect(notice3).toHaveCount(0);

  // Unread: opening one marks it read, and the list shows one fewer.
  await page.locator('[aria-labelledby="notification-filter"]').getByText("Unread", { exact: true }).click();
  await expect(page.getByText("5 notifications")).toBeVisible();
  await list.getByRole("button", { name: "Open Notice 12", exact: true }).click();
  const notice12 = page.getByRole("dialog", { name: "Notice 12" });
  await expect(notice12).toContainText("Body of notice 12");
  // The dialog's own Close (the getting-started card has one too).
  await notice12.getByRole("button", { name: "Close" }).click();
  await expect(notice12).toHaveCount(0);
  await expect(page.getByText("4 notifications")).toBeVisible();
  await expect(list.getByRole("button", { name: "Open Notice 12", exact: true })).toHaveCount(0);
  expect(problems).toEqual([]);

  // At 375 px nothing is wider than the screen.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/admin/notifications");
  await expect(list.getByRole("listitem").first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test("staff land on the first screen their scopes open, not on no-access", async ({ page }) => {
  await enterThroughPage(page, "orders@example.com", /Demo Store/);
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(page.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();
  await page.goto("/admin/auth/login");
  await enterThroughPage(page, "designer@example.com", /Demo Store/);
  await expect(page).toHaveURL(/\/admin\/online-store\/themes$/);
  await expect(page.getByRole("heading", { name: "You do not have access to this page" })).toHaveCount(0);
});

test("a staff member removed from the store is sent to the shop choice with a message, not an endless skeleton", async ({ page, request }) => {
  const owner = await apiSession(request, OWNER);
  const name = `Removal Shop ${Date.now().toString(36)}`;
  const store = await newStore(request, owner, name);
  await choosePlan(request, owner, store);
  const email = `leaving-${Date.now().toString(36)}@example.com`;
  await call(request, owner, "POST", "/users/add-store-staff", { email, scopes: ["orders"] }, store);
  const token = /\/auth\/accept\?token=([A-Za-z0-9]+)/.exec(await mailedLink(request, email, /auth\/accept/))![1];
  const accepted = await request.post("/api/auth/account-activation", { data: { token, password: PASSWORD, firstName: "Lee", lastName: null } });
  expect(accepted.ok()).toBeTruthy();

  await enterThroughPage(page, email, new RegExp(name));
  await expect(page).toHaveURL(/\/admin\/orders$/);
  const { staffs } = await call<{ staffs: { id: string; email: string }[] }>(request, owner, "GET", "/users/store-staffs", undefined, store);
  const member = staffs.find((m) => m.email === email)!;
  await call(request, owner, "DELETE", `/users/delete-staff-account?staff_id=${member.id}`, undefined, store);

  // GET /users/info now answers 404: the check runs again and the store is left.
  await page.reload();
  await expect(page).toHaveURL(/\/admin\/auth\/shop$/);
  await expect(page.getByText(`You no longer have access to ${name}. Choose another shop.`)).toBeVisible();
  await expect(page.getByTestId("page-skeleton")).toHaveCount(0);
});

test("the drawer's items are links, the most specific one is highlighted, and an unknown address says so", async ({ page }) => {
  await enter(page, OWNER, /Demo Store/, "/admin/orders/abandoned");
  const abandoned = drawer(page).getByRole("link", { name: "Abandoned Checkouts" });
  const allOrders = drawer(page).getByRole("link", { name: "All Orders" });
  await expect(abandoned).toHaveAttribute("href", "/admin/orders/abandoned");
  await expect(allOrders).toHaveAttribute("href", "/admin/orders");
  await expect(abandoned).toHaveAttribute("data-active", "true");
  await expect(allOrders).not.toHaveAttribute("data-active", "true");
  await allOrders.click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(allOrders).toHaveAttribute("data-active", "true");

  await page.goto("/admin/no-such-screen");
  await expect(page).toHaveURL(/\/admin\/no-such-screen$/);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "Back to the dashboard" }).click();
  await expect(page).toHaveURL(/\/admin\/?$/);
});

test("signing in again after the session ended returns to the page, and only to an admin page", async ({ page }) => {
  await enter(page, OWNER, /Demo Store/, "/admin/orders/abandoned");
  await expect(page.getByRole("heading", { name: "Abandoned checkouts", level: 1 })).toBeVisible();
  // The session ends on the server's side: both tokens stop working.
  await page.evaluate(() => {
    const key = "storeloom.session";
    const held = JSON.parse(localStorage.getItem(key)!) as { state: Record<string, unknown> };
    held.state.accessToken = "expired.expired.expired";
    held.state.refreshToken = "spent";
    localStorage.setItem(key, JSON.stringify(held));
  });
  await page.reload();
  await expect(page).toHaveURL(/\/admin\/auth\/login\?next=%2Forders%2Fabandoned$/);
  await signIn(page, OWNER);
  await page
    .getByRole("button", { name: /Demo Store/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin\/orders\/abandoned$/);

  // A crafted return address to another site is not followed.
  for (const crafted of ["//evil.example", "https://evil.example/", "/\\evil.example", "javascript:alert(1)"]) {
    await page.goto(`/admin/auth/login?next=${encodeURIComponent(crafted)}`);
    await signIn(page, OWNER);
    await page
      .getByRole("button", { name: /Demo Store/ })
      .first()
      .click();
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/admin\/?$/);
  }
});

test("the bell counts every unread notification, not only its first page, and the history shows what the bell lists", async ({ page, request }) => {
  const owner = await apiSession(request, OWNER);
  const name = `Busy Bell ${Date.now().toString(36)}`;
  const store = await newStore(request, owner, name);
  const now = Date.now();
  // Fourteen unread: more than the bell's page of ten.
  const rows = Array.from({ length: 14 }, (_, i) => `('b-${store}-${i}', '${store}', 'test', 'Busy ${i}', '<p>Busy ${i}</p>', 1, ${now - i * 60_000})`);
  sqlInTestDatabase(`INSERT INTO notifications (id, store_id, kind, title, body, status, created_at) VALUES ${rows.join(", ")};`);
  await enter(page, OWNER, new RegExp(name));
  const broadcasts = await call<{ publicNotification: { title: string }[] }>(
    request,
    owner,
    "GET",
    "/stores/payout/v2/notification?page=1&limit=10&status=1",
    undefined,
    store,
  );
  const broadcast = broadcasts.publicNotification[0];
  if (!broadcast) throw new Error("the demo data holds an operator's broadcast");
  // Fourteen and the broadcast (unread in a new browser).
  const bell = page.getByRole("button", { name: "Notifications, 15 unread" });
  await expect(bell).toBeVisible();
  await bell.click();
  await page.getByRole("menuitem", { name: "See all notifications" }).click();
  await expect(page.getByText("14 notifications")).toBeVisible();
  // The operator's broadcast, which the bell lists first, stands above the list too.
  await expect(page.getByTestId("broadcast")).toContainText(broadcast.title);
  await page.getByTestId("broadcast").getByRole("button").click();
  await expect(page.getByRole("dialog", { name: broadcast.title })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: "Notifications, 14 unread" })).toBeVisible();
});
