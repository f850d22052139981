// The account flows in the browser against the real server: sign-up and activation, a
// forgotten password, and a staff invitation, with links read from the development mailbox.
import { type APIRequestContext, type Page, expect, test } from "@playwright/test";
import { PASSWORD } from "./helpers";

/** The path of the link in the newest e-mail to `to`. */
async function mailedLink(request: APIRequestContext, to: string): Promise<string> {
  const response = await request.get("/api/dev/mailbox");
  expect(response.ok()).toBeTruthy();
  const mails = (await response.json()) as { to: string; body: string }[];
  const mail = mails.find((m) => m.to === to);
  expect(mail, `a mail to ${to}`).toBeDefined();
  const url = /https?:\/\/\S+/.exec(mail!.body)?.[0];
  expect(url).toBeDefined();
  const link = new URL(url!);
  return `${link.pathname}${link.search}`;
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/admin/auth/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("registration is closed without the sign-up key", async ({ page }) => {
  await page.goto("/admin/auth/register");
  await expect(page.getByText("Registration is by invitation.")).toBeVisible();
  await expect(page.getByLabel("Store name")).toHaveCount(0);
});

test("a merchant signs up, activates by e-mail and finds the new store", async ({ page, request }) => {
  await page.goto("/admin/auth/register?sk=welcome");
  await page.getByRole("button", { name: "Create my store" }).click();
  await expect(page.getByText("Store name is required")).toBeVisible();
  await page.getByLabel("Email").fill("newshop@example.com");
  await page.getByLabel("Password", { exact: true }).fill("newshop1");
  await page.getByLabel("Store name").fill("Hanoi Prints");
  await page.getByRole("button", { name: "Create my store" }).click();
  await expect(page.getByRole("status")).toContainText("Check your e-mail");

  await signIn(page, "newshop@example.com", "newshop1");
  await expect(page.getByRole("alert").filter({ hasText: "activate your account" })).toBeVisible();

  // The link activates and signs in: the merchant chooses the new store at once.
  await page.goto(await mailedLink(request, "newshop@example.com"));
  await expect(page).toHaveURL(/\/admin\/auth\/shop\?register=1$/);
  await expect(page.getByRole("button", { name: /Hanoi Prints/ })).toBeVisible();
  // Used once: the same link again says so.
  await page.goto(await mailedLink(request, "newshop@example.com"));
  await expect(page.getByRole("alert")).toBeVisible();
});

test("a forgotten password is reset through the e-mailed link", async ({ page, request }) => {
  await page.goto("/admin/auth/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  // The sign-in page, with its own Email field, stays until the forgot page's chunk has loaded
  // (the router's transition): fill the field once the forgot page shows.
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await page.getByLabel("Email").fill("designer@example.com");
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByRole("status")).toContainText("If an account exists");

  await page.goto(await mailedLink(request, "designer@example.com"));
  await page.getByLabel("New password", { exact: true }).fill("designer2");
  await page.getByLabel("Confirm the new password").fill("designer3");
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page.getByText("Passwords do not match")).toBeVisible();
  await page.getByLabel("Confirm the new password").fill("designer2");
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page.getByRole("status")).toContainText("Your password has been changed");

  await signIn(page, "designer@example.com", "designer2");
  await expect(page.getByRole("heading", { name: "Choose a shop" })).toBeVisible();

  // The demo password back, for the specs that sign in as the designer after this one.
  const login = await request.post("/api/auth/login", { data: { email: "designer@example.com", password: "designer2" } });
  const { accessToken, storeId } = (await login.json()) as { accessToken: string; storeId: string };
  const back = await request.put("/api/users/change-password", {
    headers: { Authorization: `Bearer ${accessToken}`, "X-Store-Id": storeId },
    data: { currentPassword: "designer2", newPassword: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(back.status()).toBe(200);
});

test("an invited newcomer accepts, chooses a password and sees the store", async ({ page, request }) => {
  const login = await request.post("/api/auth/login", {
    data: { email: "owner@storeloom.dev", password: "storeloom" },
  });
  const { accessToken, storeId } = (await login.json()) as { accessToken: string; storeId: string };
  const invited = await request.post("/api/users/add-store-staff", {
    headers: { Authorization: `Bearer ${accessToken}`, "X-Store-Id": storeId },
    data: { email: "packer@example.com", scopes: ["orders"] },
  });
  expect(invited.status()).toBe(201);

  await page.goto(await mailedLink(request, "packer@example.com"));
  await expect(page.getByText("You are invited to work on Demo Store as packer@example.com.")).toBeVisible();
  await page.getByLabel("First name").fill("Pat");
  // A new account's password is 8 letters at least (signing in takes the spec's 5).
  await page.getByLabel("Password", { exact: true }).fill("packer1");
  await page.getByRole("button", { name: "Accept the invitation" }).click();
  await expect(page.getByText("Password must have at least 8 letters.")).toBeVisible();
  await page.getByLabel("Password", { exact: true }).fill("packer12");
  await page.getByRole("button", { name: "Accept the invitation" }).click();
  // The newcomer goes on signed in, to the store they joined.
  await expect(page).toHaveURL(/\/admin\/auth\/shop$/);
  await expect(page.getByRole("button", { name: /Demo Store/ })).toBeVisible();
});
