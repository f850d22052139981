// Screens arrive on demand: the sign-in page's first download holds no other screen, a screen's
// chunk is fetched when it is opened, and a chunk that has gone (a newer build replaced it while
// the tab was open) reloads the page once instead of leaving it blank.
import { expect, test } from "@playwright/test";
import { OWNER, enter, watch } from "./helpers";

// The service worker would answer the admin's files itself; these tests watch the network.
test.use({ serviceWorkers: "block" });

test("the sign-in page downloads no other screen; the orders screen comes when opened", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.goto("/admin/auth/login");
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  expect(scripts.filter((path) => /\/(OrdersPage|EditorPage|HomePage|OverviewPage)-/.test(path))).toEqual([]);

  await enter(page, OWNER, /Demo Store/, "/admin/orders");
  await expect(page.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();
  expect(scripts.some((path) => /\/OrdersPage-[\w-]+\.js$/.test(path))).toBe(true);
});

test("a screen whose chunk has gone reloads the page once and then opens", async ({ page }) => {
  // The orders clerk lands on the orders, so the products screen is not fetched before the click.
  await enter(page, "orders@example.com", /Demo Store/);
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(page.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();
  let refused = 0;
  await page.route(/\/admin\/assets\/ProductsPage-[\w-]+\.js$/, async (route) => {
    if (refused === 0) {
      refused += 1;
      await route.fulfill({ status: 404, body: "" });
    } else {
      await route.continue();
    }
  });
  const problems = watch(page);
  const reloaded = page.waitForEvent("load");
  await page.getByTestId("drawer").getByText("Products", { exact: true }).click();
  await page.getByTestId("drawer").getByText("All", { exact: true }).click();
  await reloaded;
  await expect(page.getByRole("heading", { name: "Products", level: 1 })).toBeVisible();
  expect(refused).toBe(1);
  // The refused file is the one failure; nothing else went wrong.
  expect(problems.filter((problem) => !/ProductsPage|404|Failed to fetch dynamically imported module/.test(problem))).toEqual([]);
});
