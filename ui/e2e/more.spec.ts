// Screens beyond the management lists against the real server: the live view's count and its
// tables or empty state, without console errors.
import { type Page, expect, test } from "@playwright/test";
import { OWNER, apiSession, call, enter } from "./helpers";

/** Console errors, uncaught exceptions and failed API answers while the test runs. */
function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`exception: ${error.message}`));
  page.on("response", (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  return problems;
}

test("the live view shows the store's active sessions and their pages and countries, or that no one is there", async ({ page, request }) => {
  const owner = await apiSession(request, OWNER);
  const live = await call<{ activeSessions: number }>(request, owner, "GET", "/stores/analytics/live");
  const problems = watch(page);

  await enter(page, OWNER, /Demo Store/);
  await page.goto("/admin/analytics/live-view");
  await expect(page.getByRole("heading", { name: "Live View", level: 1 })).toBeVisible();
  const count = page.getByRole("region", { name: "Active sessions, last five minutes" });
  await expect(count.getByTestId("live-count")).toHaveText(String(live.activeSessions));
  if (live.activeSessions === 0) {
    await expect(page.getByText("No one is on your store right now")).toBeVisible();
  } else {
    await expect(page.getByRole("region", { name: "Pages being viewed" }).locator("tbody tr").first()).toBeVisible();
    await expect(page.getByRole("region", { name: "Visitors by country" }).locator("tbody tr").first()).toBeVisible();
  }
  await expect(page.getByText(/^Sessions since /)).toBeVisible();
  expect(problems).toEqual([]);
});
