// The product design editors against the real server: each of print-hub-editor, book-editor and
// book2-editor opens on a demo product (from the product form's links), takes a text (undone and
// redone) and an uploaded image, moves a layer with the keyboard, shows the core's refusal when
// a limit is broken, saves, and after a reload still has everything; Close asks before unsaved
// edits are left. Each is photographed (desktop) into e2e/screenshots/, checked with axe-core and
// at 375 px.
import AxeBuilder from "@axe-core/playwright";
import { type Page, expect as baseExpect, test } from "@playwright/test";
import { OWNER, apiSession, call, enter, expectFitsWidth, watch } from "./helpers";

const SHOTS = "e2e/screenshots";
// The editors wait for the server and the lazily loaded editor code; a busy machine is slower.
const expect = baseExpect.configure({ timeout: 15_000 });
// A 1 x 1 PNG.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

async function checkAccessibility(page: Page, name: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${name}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.html.slice(0, 160)).join(" | ")}`)).toEqual([]);
}

interface Case {
  route: string;
  link: string;
  /** The page row to open before adding layers (the cover is shown first). */
  view?: string;
  addPages: string;
  pagesBefore: string;
  pagesAfter: string;
}

const CASES: Case[] = [
  { route: "print-hub-editor", link: "Print design", addPages: "", pagesBefore: "", pagesAfter: "" },
  { route: "book-editor", link: "Book", addPages: "Add page", pagesBefore: "4 pages", pagesAfter: "5 pages" },
  { route: "book2-editor", link: "Book (spreads)", view: "Pages 1–2", addPages: "Add spread", pagesBefore: "4 pages", pagesAfter: "6 pages" },
];

test("each design editor takes layers, refuses what breaks a limit, saves and reloads what it saved", async ({ page, request }) => {
  test.setTimeout(180_000);
  const owner = await apiSession(request, OWNER);
  const list = await call<{ products: { id: string; title: string }[] }>(request, owner, "GET", "/stores/products?limit=1");
  const product = list.products[0]!;
  await page.setViewportSize({ width: 1280, height: 800 });
  const problems = watch(page);
  await enter(page, OWNER, /Demo Store/);

  for (const c of CASES) {
    // Opened from the product form.
    await page.goto(`/admin/products/${product.id}`);
    await page.getByRole("link", { name: c.link, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/${c.route}/${product.id}$`));
    await expect(page.getByRole("heading", { level: 1, name: product.title })).toBeVisible();
    await expect(page.getByTestId("design-status")).toHaveAttribute("data-status", "saved");

    if (c.addPages) {
      const nav = page.getByRole("navigation", { name: "Print areas and pages" });
      await expect(nav.getByText(c.pagesBefore, { exact: true })).toBeVisible();
      await nav.getByRole("button", { name: c.addPages }).click();
      await expect(nav.getByText(c.pagesAfter, { exact: true })).toBeVisible();
      await nav.getByRole("button", { name: "Cover", exact: true }).click();
    }
    if (c.view) await page.getByRole("button", { name: c.view, exact: true }).click();

    // A text and an uploaded image.
    await page.getByRole("button", { name: "Add text" }).click();
    const layers = page.getByTestId("canvas-layer");
    await expect(layers).toHaveCount(1);
    await page.getByRole("button", { name: "Undo (Ctrl+Z)" }).click();
    await expect(layers).toHaveCount(0);
    await page.getByRole("button", { name: "Redo (Shift+Ctrl+Z)" }).click();
    await expect(layers).toHaveCount(1);
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Add image" }).click();
    await (await chooser).setFiles({ name: "dot.png", mimeType: "image/png", buffer: PNG });
    await expect(layers).toHaveCount(2);
    await expect(page.getByTestId("layer-row")).toHaveCount(2);

    // The text, moved with the keyboard.
    const text = page.getByRole("button", { name: /^Text: Your text, at / });
    await text.focus();
    const x = page.getByLabel("X (px)");
    const before = Number(await x.inputValue());
    await page.keyboard.press("ArrowRight");
    await expect(x).toHaveValue(String(before + 10));
    await page.keyboard.press("Shift+ArrowDown");
    const y = Number(await page.getByLabel("Y (px)").inputValue());
    await expect(text).toHaveAccessibleName(`Text: Your text, at ${before + 10}, ${y} px`);

    // A limit: the font size, refused by the core with its message; and the text becomes
    // personalizable.
    await page.getByLabel("Font size (px)").fill("999");
    await expect(page.getByText("The font size must be 8 to 400 px.")).toBeVisible();
    await page.getByLabel("Personalizable").check();
    await expect(page.getByLabel("Label shown to the shopper")).toHaveValue("Your text");

    // Saved, then read back after a reload.
    await expect(page.getByTestId("design-status")).toHaveAttribute("data-status", "unsaved");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByTestId("design-status")).toHaveAttribute("data-status", "saved");
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: product.title })).toBeVisible();
    if (c.addPages) await expect(page.getByText(c.pagesAfter, { exact: true })).toBeVisible();
    if (c.view) await page.getByRole("button", { name: c.view, exact: true }).click();
    await expect(layers).toHaveCount(2);
    const saved = page.getByRole("button", { name: `Text: Your text, at ${before + 10}, ${y} px` });
    await expect(saved).toBeVisible();
    await saved.focus();
    await expect(page.getByLabel("Personalizable")).toBeChecked();
    await expect(layers.locator("img")).toHaveCount(1);

    await page.screenshot({ path: `${SHOTS}/screen-${c.route}.png` });
    // On a phone the panes stack and nothing is wider than the screen.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(page.getByRole("complementary", { name: "Layers and their settings" })).toBeVisible();
    await expectFitsWidth(page, 375);
    await page.setViewportSize({ width: 1280, height: 800 });
    await checkAccessibility(page, c.route);

    // Close with an unsaved edit asks first.
    await page.getByRole("button", { name: "Add text" }).click();
    await page.getByRole("button", { name: "Close and return to the product" }).click();
    const dialog = page.getByRole("dialog", { name: "Leave without saving?" });
    await dialog.getByRole("button", { name: "Keep editing" }).first().click();
    await expect(dialog).toBeHidden();
    await expect(layers).toHaveCount(3);
    await page.getByRole("button", { name: "Close and return to the product" }).click();
    await page.getByRole("button", { name: "Leave without saving" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/products/${product.id}$`));
  }
  expect(problems).toEqual([]);
});
