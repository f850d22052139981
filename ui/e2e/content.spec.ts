// Rich content against the real server: a page's body formatted in the rich-text editor (kept
// after a refused save, after a reload, and on the storefront), and a product with an uploaded
// image, two options and the variants they make, on the admin and on the storefront.
import AxeBuilder from "@axe-core/playwright";
import { type Locator, type Page, expect, test } from "@playwright/test";
import { OWNER, apiSession, call, enter } from "./helpers";

/** The serious or critical accessibility problems axe finds in the screen's main area. */
async function axeProblems(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include("main").analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(" | ")}`);
}

/** The text the rich-text editor (tiptap, which keeps itself on its element) holds selected. */
function editorSelection(editable: Locator): Promise<string> {
  return editable.evaluate((element) => {
    const { state } = (
      element as HTMLElement & { editor: { state: { doc: { textBetween(from: number, to: number): string }; selection: { from: number; to: number } } } }
    ).editor;
    return state.doc.textBetween(state.selection.from, state.selection.to);
  });
}

// A 1×1 PNG: the server tells images by their first bytes.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

test("a page's body is formatted in the rich-text editor, kept after a reload and shown formatted on the storefront", async ({ page, request }) => {
  test.setTimeout(60_000);
  await enter(page, OWNER, /Demo Store/, "/admin/online-store/pages/create");
  const body = page.getByRole("textbox", { name: "Content" });
  // The editor's code arrives on demand, then takes the keyboard's shortcuts.
  await body.click();
  await page.keyboard.type("We wrap ");
  await page.keyboard.press("ControlOrMeta+b");
  await page.keyboard.type("every gift");
  await page.keyboard.press("ControlOrMeta+b");
  await page.keyboard.type(" by hand.");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Big news");
  await page.keyboard.press("Shift+Home");
  // The browser moves the selection and tells the editor in a later `selectionchange` event; a
  // size picked before the editor has read it would go to the old (empty) selection. A person's
  // move to the picker always comes after; the test waits for the editor to hold the selection.
  await expect.poll(() => editorSelection(body)).toBe("Big news");
  const sizes = page.getByRole("combobox", { name: "Font size" });
  await expect(sizes.locator("option")).toHaveText(["Default size", "10 px", "12 px", "14 px", "16 px", "18 px", "20 px", "24 px", "30 px", "32 px", "36 px"]);
  await sizes.selectOption("24");
  await page.getByRole("button", { name: "Align centre" }).click();
  await expect(body.locator("strong")).toHaveText("every gift");
  await expect(body.locator("span[style*='font-size: 24px']")).toHaveText("Big news");

  // Refused by the core (no title): everything typed is still there.
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("alert")).toContainText("A page's title is required.");
  await expect(body.locator("strong")).toHaveText("every gift");
  await expect(body.locator("span[style*='font-size: 24px']")).toHaveText("Big news");

  await page.getByRole("textbox", { name: "Title" }).fill("Gift Wrapping Story");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/admin\/online-store\/pages\/(?!create)[\w-]+$/);
  await expect(page.getByRole("heading", { name: "Gift Wrapping Story", level: 1 })).toBeVisible();
  const id = page.url().split("/").pop()!;
  await page.reload();
  const saved = page.getByRole("textbox", { name: "Content" });
  await expect(saved.locator("strong")).toHaveText("every gift");
  await expect(saved.locator("p[style*='text-align: center'] span[style*='font-size: 24px']")).toHaveText("Big news");
  // The picker shows the size of the text at the cursor.
  await saved.locator("span[style*='font-size: 24px']").click();
  await expect(page.getByRole("combobox", { name: "Font size" })).toHaveValue("24");
  const handle = await page.getByRole("textbox", { name: "Handle" }).inputValue();
  expect(await axeProblems(page)).toEqual([]);

  await page.goto(`/s/demo/pages/${handle}`);
  const rich = page.locator(".content-page .rich");
  await expect(rich.locator("strong")).toHaveText("every gift");
  const big = rich.locator("span[style*='font-size: 24px']");
  await expect(big).toHaveText("Big news");
  await expect(big).toHaveCSS("font-size", "24px");
  await expect(rich.locator("p", { hasText: "Big news" })).toHaveCSS("text-align", "center");

  const owner = await apiSession(request, OWNER);
  await call(request, owner, "DELETE", `/stores/onlinestore/pages/${id}`);
});

test("a product is created with uploaded images, two options and their variants, kept after a reload and sold on the storefront", async ({ page, request }) => {
  test.setTimeout(60_000);
  await enter(page, OWNER, /Demo Store/, "/admin/products/create");
  await page.getByRole("textbox", { name: "Title" }).fill("Canvas Apron");
  // The description is rich text too.
  await page.getByRole("textbox", { name: "Description" }).click();
  await page.keyboard.type("Heavy ");
  await page.keyboard.press("ControlOrMeta+b");
  await page.keyboard.type("waxed canvas");
  await page.keyboard.press("ControlOrMeta+b");
  await page.getByRole("textbox", { name: "Price", exact: true }).fill("30");

  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Upload images" }).click();
  await (
    await chooser
  ).setFiles([
    { name: "apron-front.png", mimeType: "image/png", buffer: PNG },
    { name: "apron-back.png", mimeType: "image/png", buffer: PNG },
  ]);
  await expect(page.getByTestId("product-image")).toHaveCount(2);
  await page.getByRole("textbox", { name: "Alt text of image 1" }).fill("A canvas apron, front");
  await page.getByRole("textbox", { name: "Alt text of image 2" }).fill("A canvas apron, back");
  // The back becomes the main picture, moved with the keyboard (Space lifts, arrows move).
  // Each key waits for the step before, as a screen reader user hears it announced.
  const handle = page.getByRole("button", { name: "Move image 2", exact: true });
  await handle.focus();
  await page.keyboard.press("Space");
  await expect(handle).toHaveAttribute("aria-pressed", "true");
  // The arrow only once the pick-up is announced (then, at once, as over its own place): the
  // keyboard sensor listens from then on.
  await expect(page.locator('[id^="DndLiveRegion"]').filter({ hasText: /Image 2 (picked up|is over position 2)\./ })).toHaveCount(1);
  await page.keyboard.press("ArrowLeft");
  await expect(page.locator('[id^="DndLiveRegion"]').filter({ hasText: "Image 2 is over position 1." })).toHaveCount(1);
  await page.keyboard.press("Space");
  await expect(page.getByRole("textbox", { name: "Alt text of image 1" })).toHaveValue("A canvas apron, back");
  await expect(page.getByRole("textbox", { name: "Alt text of image 2" })).toHaveValue("A canvas apron, front");

  await page.getByRole("button", { name: "Add option" }).click();
  await page.getByRole("textbox", { name: "Name of option 1" }).fill("Size");
  const sizes = page.getByRole("combobox", { name: "Values of option 1" });
  for (const value of ["S", "M"]) {
    await sizes.fill(value);
    await sizes.press("Enter");
  }
  await page.getByRole("button", { name: "Add option" }).click();
  await page.getByRole("textbox", { name: "Name of option 2" }).fill("Colour");
  const colours = page.getByRole("combobox", { name: "Values of option 2" });
  for (const value of ["Sand", "Black"]) {
    await colours.fill(value);
    await colours.press("Enter");
  }
  const rows = page.getByTestId("product-variants").locator("tbody tr");
  await expect(rows).toHaveCount(4);
  await expect(rows.first()).toContainText("S / Sand");
  await expect(page.getByRole("textbox", { name: "Price of M / Black", exact: true })).toHaveValue("30");

  await page.getByRole("textbox", { name: "Price of M / Sand", exact: true }).fill("34.5");
  await page.getByRole("textbox", { name: "Stock of S / Sand", exact: true }).fill("5");
  await page.getByRole("textbox", { name: "Stock of M / Black", exact: true }).fill("3");
  await page.getByRole("textbox", { name: "Price of M / Black", exact: true }).fill("2000000000");
  await page.getByRole("textbox", { name: "SKU of S / Sand", exact: true }).fill("APRON-S-SAND");
  // The core's verdict sits under the field it is about, and nothing typed is lost.
  await page.getByRole("button", { name: "Save" }).click();
  const tooDear = "A variant's price must be between 0 and 1000000000.";
  await expect(page.getByRole("alert")).toContainText(tooDear);
  await expect(page.getByRole("row", { name: /M \/ Black/ })).toContainText(tooDear);
  await expect(page.getByRole("textbox", { name: "SKU of S / Sand", exact: true })).toHaveValue("APRON-S-SAND");
  await page.getByRole("textbox", { name: "Price of M / Black", exact: true }).fill("34.5");
  await expect(page.getByRole("row", { name: /M \/ Black/ })).not.toContainText(tooDear);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/admin\/products\/(?!create)[\w-]+$/);
  await expect(page.getByRole("heading", { name: "Canvas Apron", level: 1 })).toBeVisible();
  const id = page.url().split("/").pop()!;

  await page.reload();
  await expect(page.getByTestId("product-image")).toHaveCount(2);
  await expect(page.getByRole("textbox", { name: "Alt text of image 1" })).toHaveValue("A canvas apron, back");
  await expect(page.getByRole("textbox", { name: "Alt text of image 2" })).toHaveValue("A canvas apron, front");
  await expect(page.getByRole("textbox", { name: "Name of option 2" })).toHaveValue("Colour");
  await expect(page.getByRole("textbox", { name: "Description" }).locator("strong")).toHaveText("waxed canvas");
  await expect(rows).toHaveCount(4);
  await expect(page.getByRole("textbox", { name: "Price of M / Black", exact: true })).toHaveValue("34.5");
  await expect(page.getByRole("textbox", { name: "Stock of S / Sand", exact: true })).toHaveValue("5");
  await expect(page.getByRole("textbox", { name: "Stock of M / Black", exact: true })).toHaveValue("3");
  await expect(page.getByRole("textbox", { name: "SKU of S / Sand", exact: true })).toHaveValue("APRON-S-SAND");
  expect(await axeProblems(page)).toEqual([]);
  const owner = await apiSession(request, OWNER);
  const saved = await call<{ handle: string; images: { src: string }[] }>(request, owner, "GET", `/stores/products/${id}`);

  await page.goto(`/s/demo/products/${saved.handle}`);
  await expect(page.getByRole("heading", { name: "Canvas Apron", level: 1 })).toBeVisible();
  await expect(page.locator("strong", { hasText: "waxed canvas" })).toBeVisible();
  await expect(page.getByRole("img", { name: "A canvas apron, back" })).toHaveAttribute("src", saved.images[0]!.src);
  // One picker per option.
  const size = page.getByRole("group", { name: "Size" });
  const colour = page.getByRole("group", { name: "Colour" });
  for (const value of ["S", "M"]) await expect(size.getByRole("radio", { name: value, exact: true })).toBeVisible();
  for (const value of ["Sand", "Black"]) await expect(colour.getByRole("radio", { name: value, exact: true })).toBeVisible();
  // The first variant in stock (S / Sand) is the one offered, at its price; S / Black is sold out.
  await expect(page.locator(".price.big [data-price]")).toHaveText("$30.00");
  await expect(size.getByRole("radio", { name: "S", exact: true })).toBeChecked();
  await expect(colour.getByRole("radio", { name: "Black", exact: true })).toBeDisabled();

  await call(request, owner, "DELETE", `/stores/products/${id}`);
});
