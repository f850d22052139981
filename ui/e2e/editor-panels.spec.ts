// The editor's panels drawn from the core's schema, against the real server in Chromium: for
// each family, every section type of the theme is opened (the types the Add section picker
// offers and the theme lacks are added first), one field of each kind the panel has is changed
// (text, number, colour, flag, choice, image address, link, collection picker, list add and
// remove), each change shows in the preview frame, and after Save on the storefront's page. Also
// the settings groups' rich text, the checkout step layout's named choices and the older
// block-based hydro footer; and the test panel, shown only to a support address.
import { readFileSync } from "node:fs";
import { type APIRequestContext, type Locator, type Page, expect, test } from "@playwright/test";
import { OWNER, apiSession, call, enter, newStore } from "./helpers";

const DESIGNER = "designer@example.com";

const en = JSON.parse(readFileSync("src/i18n/en-editor.json", "utf8")) as { editor: { sectionTypes: Record<string, string> } };
const COLLECTION = { title: "Linen Picks", handle: "linen-picks" };
const PICTURE = "/admin/favicon.svg";

interface ThemeRow {
  id: string;
  family: string;
}

/** A new store of the demo owner with a collection to pick, the family's theme active. */
async function setUp(request: APIRequestContext, family: "hydro" | "newchick", name: string) {
  const owner = await apiSession(request, OWNER);
  const store = await newStore(request, owner, name);
  const themes = await call<ThemeRow[]>(request, owner, "GET", "/stores/onlinestore/themes", undefined, store);
  const theme = themes.find((t) => t.family === family) as ThemeRow;
  await call(request, owner, "POST", `/stores/onlinestore/themes/${theme.id}/activate`, undefined, store);
  await call(request, owner, "POST", "/stores/collections", { ...COLLECTION, productIds: [] }, store);
  const status = await call<{ subdomain: string }>(request, owner, "GET", "/stores/current", undefined, store);
  return { theme, subdomain: status.subdomain };
}

async function openEditor(page: Page, shop: RegExp, themeId: string) {
  await enter(page, OWNER, shop);
  await expect(page.getByRole("navigation").first()).toBeVisible();
  await page.goto(`/admin/online-store/themes/${themeId}/editor`);
  await expect(page.getByRole("tab", { name: "Sections" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("preview-frame")).toHaveAttribute("data-ready", "true", { timeout: 20_000 });
}

/** Closes the storefront's popups in the preview once they open, so that none covers what the
 * test reads in the frame. */
async function closePopups(page: Page) {
  const frame = page.frameLocator('[data-testid="preview-frame"]');
  if ((await frame.locator("dialog[data-popup]").count()) === 0) return;
  const open = frame.locator("dialog[open]");
  await open.first().waitFor({ timeout: 5000 });
  await open.first().locator("[data-close]").first().click();
  await expect(open).toHaveCount(0);
}

const field = (page: Page, pointer: string) => page.getByTestId(`field-${pointer}`);

/** Types a text, a number or an image address; Enter commits it. */
async function type(page: Page, pointer: string, value: string) {
  const input = field(page, pointer).getByRole("textbox").first();
  await input.fill(value);
  await input.press("Enter");
  await expect(input).toHaveValue(value);
}

/** Types several lines; leaving the field commits them. */
async function typeLines(page: Page, pointer: string, value: string) {
  const input = field(page, pointer).getByRole("textbox").first();
  await input.fill(value);
  await input.blur();
}

async function colour(page: Page, pointer: string, value: string) {
  const input = field(page, pointer).getByRole("textbox").first();
  await input.fill(value);
  await input.press("Enter");
  await input.press("Escape");
  await input.blur();
}

/** Turns a flag over; answers its new state. */
async function flip(page: Page, pointer: string): Promise<boolean> {
  const toggle = field(page, pointer).getByRole("switch");
  const was = await toggle.isChecked();
  await toggle.click({ force: true });
  await expect(toggle).toBeChecked({ checked: !was });
  return !was;
}

async function choose(page: Page, pointer: string, option: string, nth = 0) {
  await field(page, pointer).getByRole("combobox").nth(nth).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** A link to the collection picked from the store's (searched). */
async function linkToCollection(page: Page, pointer: string) {
  await choose(page, pointer, "A collection");
  const picker = field(page, pointer).getByRole("combobox").nth(1);
  await picker.click();
  await picker.fill("Linen");
  await page.getByRole("option", { name: COLLECTION.title }).click();
  await expect(picker).toHaveValue(COLLECTION.title);
}

/** Adds an item with the list's button `add`; answers its index. */
async function addItem(page: Page, list: string, add: string): Promise<number> {
  const items = field(page, list).getByTestId("list-item");
  const before = await items.count();
  await field(page, list).getByRole("button", { name: add, exact: true }).click();
  await expect(items).toHaveCount(before + 1);
  return before;
}

async function openItem(page: Page, list: string, index: number) {
  await field(page, list).getByTestId("list-item").nth(index).getByRole("button", { expanded: false }).click();
}

async function removeLast(page: Page, list: string) {
  const items = field(page, list).getByTestId("list-item");
  const before = await items.count();
  await items
    .nth(before - 1)
    .getByRole("button", { name: /^Delete / })
    .click();
  await expect(items).toHaveCount(before - 1);
}

interface Section {
  key: string;
  type: string;
}

/** What a section's edit must show in its HTML: substrings, substrings gone, elements counted. */
interface Expect {
  contains: string[];
  absent?: string[];
  counts?: [selector: string, count: number][];
}

type Edit = (page: Page, s: Section, at: string, tag: string, frame: Locator) => Promise<Expect>;

const count = (frame: Locator, selector: string) => frame.locator(selector).count();

/** Heading, item per row and a list's add and remove, for the grids of tiles and blocks. */
const EDITS: Record<string, Edit> = {
  header: async (page, _s, at, tag) => {
    await type(page, `${at}/text_topbar`, `${tag} top bar`);
    await type(page, `${at}/size_logo/desktop`, "77");
    const centred = await flip(page, `${at}/center_logo_on_mobile`);
    await type(page, `${at}/image_topbar`, PICTURE);
    await linkToCollection(page, `${at}/topbar_url`);
    return {
      contains: [`${tag} top bar`, "--logo-d:77px", ...(centred ? ["center-m"] : []), `src="${PICTURE}"`, `/collections/${COLLECTION.handle}"`],
      absent: centred ? [] : ["center-m"],
    };
  },
  footer: async (page, _s, at, tag, frame) => {
    if (at.endsWith("/footer")) {
      // The older block-based footer: its address block.
      const list = `${at}/blocks`;
      await openItem(page, list, 0);
      await typeLines(page, `${list}/0/value`, `${tag} 42 Market Street`);
      return { contains: [`${tag} 42 Market Street`] };
    }
    await type(page, `${at}/copyright`, `${tag} copyright`);
    await type(page, `${at}/size_logo/desktop`, "66");
    const infos = await count(frame, ".foot-info li");
    const i = await addItem(page, `${at}/infoWithIcon`, "Add info with icon");
    await openItem(page, `${at}/infoWithIcon`, i);
    await type(page, `${at}/infoWithIcon/${i}/title`, `${tag} info`);
    return { contains: [`${tag} copyright`, "--logo-d:66px", `${tag} info`], counts: [[".foot-info li", infos + 1]] };
  },
  "head-image": async (page, _s, at, tag) => {
    await type(page, `${at}/opacity_image`, "30");
    const shown = await flip(page, `${at}/show_content`);
    const list = `${at}/content/desktop`;
    const i = await addItem(page, list, "Add desktop slide");
    await openItem(page, list, i);
    const slide = `${list}/${i}`;
    await type(page, `${slide}/heading/content`, `${tag} slide`);
    await colour(page, `${slide}/heading/color`, "#123456");
    await choose(page, `${slide}/position`, "Right");
    await type(page, `${slide}/buttonLabel/title`, `${tag} shop now`);
    await choose(page, `${slide}/urlButton`, "All collections");
    await type(page, `${slide}/image`, PICTURE);
    // §3.3's media: the image's description, typed as a person types.
    const media = field(page, `${slide}/media`).getByRole("textbox", { name: "Image description (read to shoppers who cannot see it)" });
    await media.pressSequentially(`${tag} linen shirt`);
    await media.press("Enter");
    return {
      absent: shown ? ["no-content"] : [],
      contains: [
        "--shade:0.3",
        ...(shown ? [] : ["no-content"]),
        `${tag} slide`,
        "color:#123456",
        "pos-right",
        `${tag} shop now`,
        '/collections/all"',
        `src="${PICTURE}"`,
        `alt="${tag} linen shirt"`,
      ],
    };
  },
  collection_list: tiles,
  "style-collection": tiles,
  image_with_text: async (page, _s, at, tag) => {
    await type(page, `${at}/heading`, `${tag} our story`);
    const list = `${at}/blocks`;
    const i = await addItem(page, list, "Add block");
    await openItem(page, list, i);
    await choose(page, `${list}/${i}/position`, "Right");
    await type(page, `${list}/${i}/heading`, `${tag} block heading`);
    await typeLines(page, `${list}/${i}/content`, `${tag} block text`);
    await type(page, `${list}/${i}/button_label`, `${tag} read more`);
    await linkToCollection(page, `${list}/${i}/url_button`);
    return {
      contains: [`${tag} our story`, "img-right", `${tag} block heading`, `${tag} block text`, `${tag} read more`, `/collections/${COLLECTION.handle}"`],
    };
  },
  "feature-content": async (page, _s, at, tag, frame) => {
    await type(page, `${at}/heading`, `${tag} features`);
    await type(page, `${at}/item_per_row_mobile`, "3");
    const before = await count(frame, ".feature");
    const i = await addItem(page, `${at}/blocks`, "Add block");
    await openItem(page, `${at}/blocks`, i);
    await type(page, `${at}/blocks/${i}/heading`, `${tag} feature`);
    return { contains: [`${tag} features`, "--cols-m:3", `${tag} feature`], counts: [[".feature", before + 1]] };
  },
  key_features: async (page, _s, at, tag, frame) => {
    await type(page, `${at}/heading`, `${tag} why us`);
    const before = await count(frame, ".key");
    const i = await addItem(page, `${at}/blocks`, "Add block");
    await openItem(page, `${at}/blocks`, i);
    await type(page, `${at}/blocks/${i}/title`, `${tag} key title`);
    await typeLines(page, `${at}/blocks/${i}/description`, `${tag} key text`);
    return { contains: [`${tag} why us`, `${tag} key title`, `${tag} key text`], counts: [[".key", before + 1]] };
  },
  "product-review": async (page, _s, at, tag) => {
    await typeLines(page, `${at}/body_html`, `<p>${tag} loved it</p>`);
    return { contains: [`${tag} loved it`] };
  },
  "featured-collection": async (page, _s, at, tag) => {
    await type(page, `${at}/heading`, `${tag} best sellers`);
    const picker = field(page, `${at}/collection`).getByRole("combobox");
    await picker.click();
    await page.getByRole("option", { name: COLLECTION.title }).click();
    await expect(picker).toHaveValue(COLLECTION.title);
    await choose(page, `${at}/align`, "Right");
    const textLink = await flip(page, `${at}/isTextLink`);
    await type(page, `${at}/buttonLabel`, `${tag} view all`);
    return {
      contains: [`${tag} best sellers`, `/collections/${COLLECTION.handle}"`, "align-right", textLink ? "text-link" : "btn btn-line", `${tag} view all`],
      absent: [textLink ? "btn btn-line" : "text-link"],
    };
  },
  "slider-product": async (page, _s, at, tag) => {
    const i = await addItem(page, `${at}/blocks`, "Add block");
    await openItem(page, `${at}/blocks`, i);
    await type(page, `${at}/blocks/${i}/heading`, `${tag} rail`);
    return { contains: [`${tag} rail`] };
  },
  "product-widget": async (page, _s, at, tag) => {
    await type(page, `${at}/heading`, `${tag} recently viewed`);
    return { contains: [`${tag} recently viewed`] };
  },
  flash_deal: async (page, _s, at, tag) => {
    await type(page, `${at}/content/heading`, `${tag} flash deals`);
    const list = `${at}/content/blocks`;
    const i = await addItem(page, list, "Add countdown block");
    await openItem(page, list, i);
    await type(page, `${list}/${i}/title`, `${tag} countdown`);
    return { contains: [`${tag} flash deals`, `${tag} countdown`] };
  },
  product_with_collection: async (page, _s, at, tag) => {
    await type(page, `${at}/heading`, `${tag} pair it`);
    await type(page, `${at}/featured_collection/heading`, `${tag} middle`);
    await type(page, `${at}/collectionEnd/heading`, `${tag} second side`);
    const list = `${at}/collectionEnd/blocks`;
    const i = await addItem(page, list, "Add block");
    await openItem(page, list, i);
    await type(page, `${list}/${i}/title`, `${tag} side tile`);
    return { contains: [`${tag} pair it`, `${tag} middle`, `${tag} second side`, `${tag} side tile`] };
  },
};

async function tiles(page: Page, _s: Section, at: string, tag: string, frame: Locator): Promise<Expect> {
  await type(page, `${at}/heading`, `${tag} categories`);
  await type(page, `${at}/item_per_row`, "5");
  const list = `${at}/blocks`;
  const start = await count(frame, "a.tile");
  // Remove one (when there is one), then add one linked to the collection.
  const had = await field(page, list).getByTestId("list-item").count();
  if (had > 0) await removeLast(page, list);
  const i = await addItem(page, list, "Add block");
  await openItem(page, list, i);
  await type(page, `${list}/${i}/title`, `${tag} tile`);
  await linkToCollection(page, `${list}/${i}/url`);
  // An empty list shows the store's collections (here the one), a list its blocks.
  return { contains: [`${tag} categories`, "--cols:5", `${tag} tile`, `/collections/${COLLECTION.handle}"`], counts: [["a.tile", had > 0 ? start : 1]] };
}

/** The sections of the Sections tab, in order. */
async function sectionsOf(page: Page): Promise<Section[]> {
  return page
    .getByTestId("section-row")
    .evaluateAll((rows) => rows.map((row) => ({ key: row.getAttribute("data-section-key") ?? "", type: row.getAttribute("data-section-type") ?? "" })));
}

const typeLabel = (type: string) => en.editor.sectionTypes[type.replace(/-/g, "_")] ?? type;

/** Adds, through the Add section picker, every type it offers that the theme lacks. */
async function addMissingTypes(page: Page): Promise<string[]> {
  const present = new Set((await sectionsOf(page)).map((s) => typeLabel(s.type)));
  const add = page.getByRole("button", { name: "Add section", exact: true });
  await add.click();
  // allInnerTexts does not wait: the menu is read once it is open.
  await expect(page.getByRole("menuitem").first()).toBeVisible();
  const offered = await page.getByRole("menuitem").allInnerTexts();
  await page.keyboard.press("Escape");
  const missing = offered.map((label) => label.trim()).filter((label) => !present.has(label));
  for (const label of missing) {
    await add.click();
    await page.getByRole("menuitem", { name: label, exact: true }).click();
  }
  expect(offered.length).toBeGreaterThan(5);
  return missing;
}

/** A section's HTML in a page's HTML. */
async function sectionHtml(page: Page, html: string, key: string): Promise<string> {
  return page.evaluate(([text, k]) => new DOMParser().parseFromString(text, "text/html").querySelector(`[data-section-key="${k}"]`)?.outerHTML ?? "", [
    html,
    key,
  ] as const);
}

/** What a section's HTML lacks of the expected parts, and the parts it still has that should
 * be gone (prefixed "still: "). */
function missing(html: string, expected: Expect): string[] {
  const lower = html.toLowerCase();
  return [
    ...expected.contains.filter((part) => !lower.includes(part.toLowerCase())),
    ...(expected.absent ?? []).filter((part) => lower.includes(part.toLowerCase())).map((part) => `still: ${part}`),
  ];
}

for (const family of ["hydro", "newchick"] as const) {
  test(`${family}: every section type's panel edits what the preview and the storefront show`, async ({ page, request }) => {
    test.setTimeout(90_000);
    const started = Date.now();
    const shop = `Panels ${family} Shop`;
    const { theme, subdomain } = await setUp(request, family, shop);
    await openEditor(page, new RegExp(shop), theme.id);
    const frame = page.frameLocator('[data-testid="preview-frame"]');
    await expect(frame.locator("body")).toHaveClass(family === "hydro" ? /fam-hydro/ : /fam-newchick/);

    await closePopups(page);
    await addMissingTypes(page);
    const sections = await sectionsOf(page);
    const types = new Set(sections.map((s) => s.type));
    expect(types.size).toBe(sections.length);
    const done: { section: Section; expected: Expect }[] = [];
    const tag = `${family}E2E`;
    for (const section of sections) {
      const edit = EDITS[section.type];
      expect(edit, `a plan for ${section.type}`).toBeTruthy();
      if (!edit) continue;
      await page
        .locator(`[data-testid="section-row"][data-section-key="${section.key}"]`)
        .getByRole("button", { name: /^Edit / })
        .click();
      await expect(page.getByTestId("section-panel")).toHaveAttribute("data-section-key", section.key);
      const fixed = section.key === "header" || section.key === "footer";
      const base = `/pages/${fixed ? "fixed" : "homepage"}/sections/${section.key}`;
      const legacy = section.type === "footer" && (await page.getByTestId(`field-${base}/blocks`).count()) > 0;
      const at = legacy ? base : `${base}/settings`;
      const inFrame = frame.locator(`[data-section-key="${section.key}"]`);
      const expected = await edit(page, section, at, tag, inFrame);
      await expect.poll(async () => missing(await inFrame.evaluate((el) => el.outerHTML), expected), { message: `preview of ${section.type}` }).toEqual([]);
      for (const [selector, n] of expected.counts ?? []) await expect(inFrame.locator(selector), `${section.type} ${selector}`).toHaveCount(n);
      done.push({ section, expected });
      await page.getByRole("button", { name: "Back to the list" }).click();
    }
    expect(done.length).toBe(sections.length);

    // Rich text, in the Checkout settings, with the core's font sizes.
    await page.getByRole("tab", { name: "Setting" }).click();
    await page.getByRole("button", { name: "Checkout", exact: true }).click();
    const rich = field(page, "/settings/checkout/checkout_description");
    const editor = rich.getByRole("textbox");
    await expect(editor).toBeVisible();
    await expect(rich.getByRole("combobox", { name: "Font size" }).locator("option")).not.toHaveCount(0);
    await editor.click();
    await page.keyboard.press("Control+a");
    await page.keyboard.type(`${tag} pay safely`);
    // Leaving the field commits it (the preview has no checkout page: the storefront shows it).
    await page.getByRole("button", { name: "Checkout", exact: true }).focus();
    await expect(rich.getByRole("alert")).toHaveCount(0);

    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("save-status")).toHaveText("Saved");

    // The storefront shows every change.
    const home = await (await page.request.get(`/s/${subdomain}/`)).text();
    for (const { section, expected } of done) expect(missing(await sectionHtml(page, home, section.key), expected), `storefront ${section.type}`).toEqual([]);
    const checkout = await (await page.request.get(`/s/${subdomain}/checkout`)).text();
    expect(checkout).toContain(`${tag} pay safely`);
    console.log(`${family}: ${done.length} section types edited in ${Math.round((Date.now() - started) / 1000)} s`);
  });
}

test("the checkout step layout offers the cart page, the checkout page and the mini cart", async ({ page, request }) => {
  const { theme } = await setUp(request, "hydro", "Panels Steps Shop");
  await openEditor(page, /Panels Steps Shop/, theme.id);
  await page.getByRole("combobox", { name: "Page selector" }).click();
  await page.getByRole("option", { name: "Product page" }).click();
  await page.getByRole("tab", { name: "Setting" }).click();
  await page.getByRole("button", { name: "Product", exact: true }).click();
  const layout = field(page, "/settings/product/checkoutStepLayout").getByRole("combobox");
  await expect(layout).toHaveValue("Checkout page");
  await layout.click();
  await expect(page.getByRole("listbox").getByRole("option")).toHaveText(["Cart page", "Checkout page", "Mini cart"]);
  await page.getByRole("option", { name: "Mini cart" }).click();
  await expect(layout).toHaveValue("Mini cart");
});

test("the phones' slides take copies of the desktop slides in one edit that one undo takes back", async ({ page, request }) => {
  const { theme } = await setUp(request, "hydro", "Panels Slides Shop");
  await openEditor(page, /Panels Slides Shop/, theme.id);
  await closePopups(page);
  const slideshow = (await sectionsOf(page)).find((s) => s.type === "head-image") as Section;
  await page
    .locator(`[data-testid="section-row"][data-section-key="${slideshow.key}"]`)
    .getByRole("button", { name: /^Edit / })
    .click();
  const at = `/pages/homepage/sections/${slideshow.key}/settings/content`;
  const desktop = `${at}/desktop`;
  const mobile = `${at}/mobile`;
  await expect(field(page, mobile)).toContainText("Phones show the mobile slides, not the desktop ones.");

  // The merchant edits a desktop slide: the phones still show the template's.
  await openItem(page, desktop, 0);
  const heading = field(page, `${desktop}/0/heading/content`).getByRole("textbox").first();
  await heading.click();
  await heading.press("Control+A");
  await heading.pressSequentially("Linen week", { delay: 20 });
  await heading.press("Enter");
  const desktopSlides = await field(page, desktop).getByTestId("list-item").count();
  const phones = field(page, mobile).getByTestId("list-item");
  const template = await phones.allInnerTexts();
  expect(template.join(" ")).not.toContain("Linen week");

  // Copying asks first, then the phones' list holds the desktop slides.
  const copy = field(page, mobile).getByRole("button", { name: "Copy the desktop slides to phones" });
  await copy.click();
  const dialog = page.getByRole("dialog", { name: "Copy the desktop slides to phones?" });
  await dialog.getByRole("button", { name: "Copy the slides" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(phones).toHaveCount(desktopSlides);
  await expect(phones.first()).toContainText("Linen week");
  await expect(copy).toBeDisabled();

  // The preview at the phone's size shows the copied slide.
  await page.locator('label[for$="-mobile"]').click();
  const frameElement = page.getByTestId("preview-frame");
  await expect.poll(async () => (await frameElement.boundingBox())?.width).toBe(375);
  const phoneSlides = page.frameLocator('[data-testid="preview-frame"]').locator(`[data-section-key="${slideshow.key}"] .slides-m`);
  await expect(phoneSlides).toBeVisible();
  await expect(phoneSlides.getByText("Linen week")).toBeVisible();

  // One undo takes the copy back, and only the copy.
  await page.getByRole("button", { name: /^Undo/ }).click();
  await expect(phones).toHaveCount(template.length);
  expect(await phones.allInnerTexts()).toEqual(template);
  await expect(phoneSlides).not.toContainText("Linen week");
  await expect(copy).toBeEnabled();
  await expect(heading).toHaveValue("Linen week");
});

test("the owner's Setting tab has no test panel", async ({ page, request }) => {
  const { theme } = await setUp(request, "hydro", "Panels Owner Shop");
  await openEditor(page, /Panels Owner Shop/, theme.id);
  await page.getByRole("tab", { name: "Setting" }).click();
  await expect(page.getByRole("button", { name: "Colors", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Test (support only)", exact: true })).toHaveCount(0);
});

test("a support address sees the test panel and edits its image, text area and text field", async ({ page, request }) => {
  // The designer's address is on the server's support list (playwright.config.ts).
  const support = await apiSession(request, DESIGNER);
  const themes = await call<ThemeRow[]>(request, support, "GET", "/stores/onlinestore/themes");
  const demo = themes.find((t) => t.family === "hydro") as ThemeRow;
  await enter(page, DESIGNER, /Demo Store/);
  await page.goto(`/admin/online-store/themes/${demo.id}/editor`);
  await expect(page.getByRole("tab", { name: "Setting" })).toBeVisible({ timeout: 20_000 });
  await page.getByRole("tab", { name: "Setting" }).click();
  await page.getByRole("button", { name: "Test (support only)", exact: true }).click();
  const typeIn = async (pointer: string, text: string) => {
    const input = field(page, pointer).getByRole("textbox").first();
    await input.pressSequentially(text);
    await input.blur();
    await expect(input).toHaveValue(text);
  };
  await typeIn("/settings/test/image", PICTURE);
  await typeIn("/settings/test/content", "Support tried the text area");
  await typeIn("/settings/test/title", "Support tried the text field");
  // Each edit is a command of the theme's working draft (nothing is published).
  const livePath = `/stores/onlinestore/themes/${demo.id}/live`;
  await expect
    .poll(
      async () => {
        const live = await call<{ config: { settings: { test?: Record<string, unknown> } } }>(request, support, "GET", livePath);
        const test = live.config.settings.test ?? {};
        return [test.image, test.content, test.title].map(String);
      },
      { timeout: 10_000 },
    )
    .toEqual([PICTURE, "Support tried the text area", "Support tried the text field"]);
  // Taken back, the working draft is the saved theme again, as the next editor finds it.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  for (let i = 0; i < 3; i += 1) await page.getByRole("button", { name: /^Undo/ }).click();
  await expect(page.getByTestId("save-status")).toHaveText("Saved");
  await expect.poll(async () => (await call<{ unsaved: boolean }>(request, support, "GET", livePath)).unsaved).toBe(false);
});
