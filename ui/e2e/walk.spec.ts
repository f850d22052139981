// Every item of both menus opens a screen: the operator's owner walks the full menu and a
// seller the limited one, and the walk fails on a page without a heading, a console error, an
// uncaught exception or a failed API call. Each screen of the full menu is photographed
// (desktop) into e2e/screenshots/, which README.md names, and checked with axe-core (no
// serious or critical violation).
import AxeBuilder from "@axe-core/playwright";
import { type Page, expect, test } from "@playwright/test";
import { OWNER, SELLER, enter, watch } from "./helpers";

const SHOTS = "e2e/screenshots";

async function walk(page: Page, email: string, shop: RegExp, photograph: boolean) {
  await page.setViewportSize({ width: 1280, height: 800 });
  const problems = watch(page);
  await enter(page, email, shop);
  const nav = page.getByTestId("drawer");
  await expect(nav.locator(".mantine-NavLink-root").first()).toBeVisible();
  // Open every group, then read the items' labels.
  const groups = nav.locator(".mantine-NavLink-root:has(.mantine-NavLink-chevron)");
  for (let index = 0; index < (await groups.count()); index++) {
    const group = groups.nth(index);
    if ((await group.getAttribute("data-expanded")) === null) await group.click();
  }
  const items = nav.locator(".mantine-NavLink-root:not(:has(.mantine-NavLink-chevron)) .mantine-NavLink-label");
  const labels = await items.allInnerTexts();
  expect(labels.length).toBeGreaterThan(10);
  const visited: string[] = [];
  for (const [index, label] of labels.entries()) {
    await items.nth(index).click();
    const heading = page.getByRole("main").getByRole("heading", { level: 1 });
    await expect(heading, `a heading on the screen of "${label}"`).toBeVisible();
    await expect(page.getByRole("main").locator("[aria-busy='true']")).toHaveCount(0);
    visited.push(`${label} -> ${new URL(page.url()).pathname}`);
    if (photograph) {
      const name = new URL(page.url()).pathname.replace(/^\/admin\/?/, "").replace(/\//g, "-") || "dashboard";
      await page.screenshot({ path: `${SHOTS}/screen-${name}.png` });
      const results = await new AxeBuilder({ page }).include("main").analyze();
      for (const v of results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")) {
        problems.push(`axe on ${name}: ${v.id} ${v.nodes.map((n) => n.html.slice(0, 120)).join(" | ")}`);
      }
    }
  }
  expect(problems, visited.join("\n")).toEqual([]);
}

test("the operator's owner opens every item of the full menu without an error", async ({ page }) => {
  test.setTimeout(120_000);
  await walk(page, OWNER, /Demo Store/, true);
});

test("a seller opens every item of the limited menu without an error", async ({ page }) => {
  test.setTimeout(120_000);
  await walk(page, SELLER, /Sam's Goods/, false);
});
