// The first slice, end to end: the login form's rules, the server's refusal, the shop choice
// and the greeting, in Chromium against the real server.
import { type Page, expect, test } from "@playwright/test";

const OWNER = { email: "owner@storeloom.dev", password: "storeloom", fullName: "Olivia Nguyen" };

async function openLogin(page: Page) {
  await page.goto("/admin/auth/login");
  await expect(page.getByRole("heading", { name: "Sign in to your store" })).toBeVisible();
}

test("the root address opens the sign-in page", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/admin\/auth\/login$/);
});

test("an empty submit shows both required messages", async ({ page }) => {
  await openLogin(page);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Email is required")).toBeVisible();
  await expect(page.getByText("Password is required")).toBeVisible();
});

test("a malformed e-mail shows Invalid Email, and Enter submits", async ({ page }) => {
  await openLogin(page);
  await page.getByLabel("Email").fill("abc");
  await page.getByLabel("Password", { exact: true }).fill("storeloom");
  await page.getByLabel("Password", { exact: true }).press("Enter");
  await expect(page.getByText("Invalid Email")).toBeVisible();
  await expect(page.getByText("Password is required")).toHaveCount(0);
});

test("the password can be shown and hidden", async ({ page }) => {
  await openLogin(page);
  const password = page.getByLabel("Password", { exact: true });
  await password.fill("secret");
  await expect(password).toHaveAttribute("type", "password");
  await page.getByRole("button", { name: "Show password" }).click();
  await expect(password).toHaveAttribute("type", "text");
  await page.getByRole("button", { name: "Hide password" }).click();
  await expect(password).toHaveAttribute("type", "password");
});

test("a wrong password shows the server's message until it is dismissed", async ({ page }) => {
  await page.clock.install();
  await openLogin(page);
  await page.getByLabel("Email").fill(OWNER.email);
  await page.getByLabel("Password", { exact: true }).fill("wrong-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  const alert = page.getByRole("alert").filter({ hasText: "The email or password is incorrect." });
  await expect(alert).toBeVisible();
  // Ordinary notifications close after a few seconds; this one must stay.
  await page.clock.runFor(60_000);
  await expect(alert).toBeVisible();
  await alert.getByRole("button").click();
  await expect(alert).toHaveCount(0);
});

test("the forgot-password and register links lead to their pages", async ({ page }) => {
  await openLogin(page);
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/admin\/auth\/forgot$/);
  await page.goBack();
  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page).toHaveURL(/\/admin\/auth\/register$/);
});

test("admin pages send a visitor without a session to sign in", async ({ page }) => {
  await page.goto("/admin/");
  await expect(page).toHaveURL(/\/admin\/auth\/login$/);
});

for (const { time, text } of [
  { time: "2026-11-22T09:30:00+07:00", text: "Good Morning, " },
  { time: "2026-11-22T14:00:00+07:00", text: "Good Afternoon, " },
  { time: "2026-11-22T17:59:00+07:00", text: "Good Afternoon, " },
  { time: "2026-11-22T20:15:00+07:00", text: "Good Evening, " },
]) {
  test.describe(() => {
    test.use({ timezoneId: "Asia/Ho_Chi_Minh" });

    test(`the owner signs in, chooses the demo store and is greeted at ${time}`, async ({ page }) => {
      await page.clock.setFixedTime(new Date(time));
      await openLogin(page);
      await page.getByLabel("Email").fill(`  ${OWNER.email} `);
      await page.getByLabel("Password", { exact: true }).fill(OWNER.password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page).toHaveURL(/\/admin\/auth\/shop$/);
      await expect(page.getByRole("heading", { name: "Choose a shop" })).toBeVisible();
      await page.getByRole("button", { name: /Demo Store/ }).click();
      await expect(page).toHaveURL(/\/admin\/?$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${text}${OWNER.fullName}`);
    });
  });
}

test("the Vietnamese switch translates the page and the core's messages", async ({ page }) => {
  await openLogin(page);
  await page.getByText("Tiếng Việt").click();
  await expect(page.getByRole("heading", { name: "Đăng nhập vào cửa hàng" })).toBeVisible();
  await page.getByRole("button", { name: "Đăng nhập" }).click();
  await expect(page.getByText("Vui lòng nhập email")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { name: "Đăng nhập vào cửa hàng" })).toBeVisible();
});

test("the seller sees only their own shop", async ({ page }) => {
  await openLogin(page);
  await page.getByLabel("Email").fill("seller@example.com");
  await page.getByLabel("Password", { exact: true }).fill("storeloom");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("button", { name: /Sam's Goods/ })).toBeVisible();
  await expect(page.getByRole("button", { name: /Demo Store/ })).toHaveCount(0);
});
