// The admin's first hour (issue 28), the theme library and the menu editor, through the real
// server: a theme added from the template library, renamed, previewed on the storefront through
// its signed link, a page copied from another theme, published (the storefront's theme type
// follows) and customized (a new section shows what to fill in, in the preview), the editor's
// Close going back to Themes; a menu built with links picked from the store's collections and
// pages and a web address, reordered from the keyboard and by dragging, and its collections
// added and taken out.
import { type Page, expect, test } from "@playwright/test";
import { OWNER, apiSession, call, choosePlan, enter, newStore, watch } from "./helpers";

interface ThemeRow {
  id: string;
  name: string;
  family: string;
  isActive: boolean;
  version: number;
}

interface MenuRow {
  id: string;
  title: string;
  items: { title: string; link: { parent: string; slug: string } }[];
}

const row = (page: Page, name: string) => page.locator("tbody tr").filter({ has: page.getByText(name, { exact: true }) });

async function themeAction(page: Page, name: string, action: string) {
  await page.getByRole("button", { name: `Actions for ${name}` }).click();
  await page.getByRole("menuitem", { name: action }).click();
}

test("a theme is added from the library, renamed, previewed, given a page, published and customized", async ({ page, request, context }) => {
  test.setTimeout(150_000);
  const owner = await apiSession(request, OWNER);
  const store = await newStore(request, owner, "Library Theme Shop");
  await choosePlan(request, owner, store);
  const problems = watch(page);
  await enter(page, OWNER, /Library Theme Shop/, "/admin/online-store/themes");
  await expect(row(page, "Hydro")).toBeVisible();

  // Add theme: the library's templates, a name, and an unpublished theme.
  await page.getByRole("button", { name: "Add theme" }).click();
  const dialog = page.getByRole("dialog", { name: "Add a theme from the library" });
  await expect(dialog.getByText("The fashion theme: style collections, flash deals, wider grids.")).toBeVisible();
  await dialog.getByRole("radio", { name: /Newchick/ }).check();
  await dialog.getByRole("textbox", { name: "Theme name" }).fill("Autumn");
  await dialog.getByRole("button", { name: "Add theme" }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, "Autumn")).toContainText("Not published");

  // Rename.
  await themeAction(page, "Autumn", "Rename");
  const rename = page.getByRole("dialog", { name: "Rename Autumn" });
  await rename.getByRole("textbox", { name: "Theme name" }).fill(" ");
  await rename.getByRole("button", { name: "Rename" }).click();
  await expect(rename.getByText(/A theme's name is required/)).toBeVisible();
  await rename.getByRole("textbox", { name: "Theme name" }).fill("Autumn sale");
  await rename.getByRole("button", { name: "Rename" }).click();
  await expect(rename).toBeHidden();
  await expect(row(page, "Autumn sale")).toBeVisible();

  // Preview: the unpublished theme on the storefront, in a new tab, through a signed link.
  const opened = context.waitForEvent("page");
  await themeAction(page, "Autumn sale", "Preview");
  const tab = await opened;
  await expect(tab).toHaveURL(/\/s\/[\w-]+\/\?preview=/);
  await expect(tab.locator("body")).toHaveClass(/fam-newchick/);
  await tab.close();

  // Pages: the home page copied from the store's other Newchick theme, after a confirmation.
  await themeAction(page, "Autumn sale", "Pages");
  const drawer = page.getByRole("dialog", { name: "Pages of Autumn sale" });
  await expect(drawer.getByTestId("theme-page")).toHaveCount(6);
  await expect(drawer.getByText("Home page", { exact: true })).toBeVisible();
  await drawer.getByRole("combobox", { name: "Copy the Home page from" }).click();
  await page.getByRole("option", { name: "Newchick", exact: true }).click();
  const home = drawer.getByTestId("theme-page").filter({ hasText: "Home page" });
  await home.getByRole("button", { name: "Copy page" }).click();
  const confirm = page.getByRole("dialog", { name: "Replace this page?" });
  await expect(confirm).toContainText("The Home page of Autumn sale will be replaced by the one of Newchick.");
  await confirm.getByRole("button", { name: "Copy page" }).click();
  await expect(page.getByText("The Home page of Autumn sale has been replaced.")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  const themes = await call<ThemeRow[]>(request, owner, "GET", "/stores/onlinestore/themes", undefined, store);
  expect(themes.find((theme) => theme.name === "Autumn sale")?.version).toBe(2);

  // Publish: it becomes the store's theme, and the storefront's theme type follows it.
  await themeAction(page, "Autumn sale", "Activate");
  await page.getByRole("dialog", { name: "Publish this theme?" }).getByRole("button", { name: "Activate" }).click();
  await expect(row(page, "Autumn sale")).toContainText("Active");
  await expect
    .poll(async () => (await call<{ storeFrontDefaultTheme: string }>(request, owner, "GET", "/stores/preferences", undefined, store)).storeFrontDefaultTheme)
    .toBe("newchick");

  // Customize, then Close.
  await page.getByRole("link", { name: "Customize Autumn sale" }).click();
  await expect(page.getByRole("tab", { name: "Sections" })).toBeVisible({ timeout: 20_000 });
  // Sections are listed by name, never by their technical keys.
  const sections = page.getByTestId("section-row");
  await expect(sections.first()).toBeVisible();
  const keys = await sections.evaluateAll((rows) => rows.map((r) => r.getAttribute("data-section-key") ?? ""));
  for (const key of keys) await expect(page.getByTestId("section-row").getByText(key, { exact: true })).toHaveCount(0);
  // A new section is no empty gap in the preview: it names itself and says what to fill in.
  await expect(page.getByTestId("preview-frame")).toHaveAttribute("data-ready", "true", { timeout: 20_000 });
  const frame = page.frameLocator('[data-testid="preview-frame"]');
  await sections.nth(1).hover();
  await sections.nth(1).getByRole("button", { name: "Add section above" }).click();
  await page.getByRole("menuitem", { name: "Product review" }).click();
  await expect(sections.nth(1)).toContainText("Product review");
  const added = (await sections.nth(1).getAttribute("data-section-key")) ?? "";
  await expect(frame.locator(`.sec-placeholder[data-section-key="${added}"]`)).toContainText("Write the text to show here.");
  await page.getByRole("button", { name: /^Undo/ }).click();

  // Close returns to the route the spec names, website.themes (Custom store), whose Themes
  // button leads back to the list.
  await page.getByRole("button", { name: "Close" }).click();
  await expect(page).toHaveURL(/\/admin\/online-store\/custom-store$/);
  await page.getByRole("link", { name: "Themes", exact: true }).last().click();
  await expect(page).toHaveURL(/\/admin\/online-store\/themes$/);

  // Opened directly (a bookmark), Close lands there too.
  const id = themes.find((theme) => theme.name === "Autumn sale")?.id ?? "";
  await page.goto(`/admin/online-store/themes/${id}/editor`);
  await expect(page.getByRole("tab", { name: "Sections" })).toBeVisible({ timeout: 20_000 });
  await page.getByRole("button", { name: "Close" }).click();
  await expect(page).toHaveURL(/\/admin\/online-store\/custom-store$/);
  await page.getByRole("link", { name: "Themes", exact: true }).last().click();
  await expect(row(page, "Autumn sale")).toBeVisible();
  expect(problems).toEqual([]);

  // A theme that cannot be loaded: the message, Try again and Close; never a dead end.
  let failing = true;
  // (Online, the editor joins the theme's live session first, and reads the config without it.)
  await page.route(new RegExp(`/api/stores/onlinestore/themes/${id}/(config|live)`), (route) =>
    failing ? route.fulfill({ status: 503, body: "{}" }) : route.fallback(),
  );
  await page.goto(`/admin/online-store/themes/${id}/editor`);
  const failed = page.getByRole("alert").filter({ hasText: "The theme could not be loaded" });
  await expect(failed).toBeVisible({ timeout: 20_000 });
  failing = false;
  await failed.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("tab", { name: "Sections" })).toBeVisible({ timeout: 20_000 });
  failing = true;
  await page.reload();
  await expect(failed).toBeVisible({ timeout: 20_000 });
  await failed.getByRole("button", { name: "Close" }).click();
  await expect(page).toHaveURL(/\/admin\/online-store\/custom-store$/);
});

async function handleBox(page: Page, name: RegExp) {
  const box = await page.getByRole("button", { name }).boundingBox();
  if (!box) throw new Error(`no handle ${String(name)}`);
  return box;
}

test("a menu's links are picked from the store, reordered from the keyboard and by dragging, and its collections managed", async ({ page, request }) => {
  test.setTimeout(150_000);
  const owner = await apiSession(request, OWNER);
  const problems = watch(page);
  await enter(page, OWNER, /Demo Store/, "/admin/online-store/navigation/create");
  await page.getByRole("textbox", { name: "Title", exact: true }).fill("Library Links");

  // A collection, a page and a web address, each picked or typed.
  await page.getByRole("button", { name: "Add item" }).click();
  await page.getByRole("textbox", { name: "Item 1: Label" }).fill("Tops");
  await page.getByRole("combobox", { name: "Item 1: Leads to" }).click();
  await page.getByRole("option", { name: "Collection", exact: true }).click();
  await page.getByRole("combobox", { name: "Item 1: Collection" }).fill("Top");
  await page.getByRole("option", { name: "Tops", exact: true }).click();
  await page.getByRole("button", { name: "Add item" }).click();
  await page.getByRole("textbox", { name: "Item 2: Label" }).fill("About");
  await page.getByRole("combobox", { name: "Item 2: Leads to" }).click();
  await page.getByRole("option", { name: "Page", exact: true }).click();
  await page.getByRole("combobox", { name: "Item 2: Page" }).click();
  await page.getByRole("option", { name: "About us", exact: true }).click();
  await page.getByRole("button", { name: "Add item" }).click();
  await page.getByRole("textbox", { name: "Item 3: Label" }).fill("Blog");
  await page.getByRole("combobox", { name: "Item 3: Leads to" }).click();
  await page.getByRole("option", { name: "Web address", exact: true }).click();
  await page.getByRole("textbox", { name: "Item 3: Web address" }).fill("https://example.com/blog");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/admin\/online-store\/navigation\/(?!create)[\w-]+$/);
  const menuId = page.url().split("/").pop() ?? "";
  const saved = async () => call<MenuRow>(request, owner, "GET", `/stores/onlinestore/menus/${menuId}`);
  await expect
    .poll(async () => (await saved()).items.map((item) => [item.title, item.link.parent, item.link.slug]))
    .toEqual([
      ["Tops", "category", "tops"],
      ["About", "page", "about-us"],
      ["Blog", "url", "https://example.com/blog"],
    ]);

  // From the keyboard: Blog lifted with Space, moved up twice, dropped with Space.
  const labels = () => page.getByRole("textbox", { name: /^Item \d+: Label$/ }).evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  // Each key waits for dnd-kit's announcement of the step before, as a screen reader user would.
  const announced = (text: RegExp) => page.locator('[id^="DndLiveRegion"]').filter({ hasText: text });
  const blog = page.getByRole("button", { name: /^Move Blog/ });
  await blog.focus();
  // The announcements name the links, in the user's language.
  await page.keyboard.press("Space");
  await expect(blog).toHaveAttribute("aria-pressed", "true");
  await expect(announced(/Picked up Blog\./)).toHaveCount(1);
  await page.keyboard.press("ArrowUp");
  await expect(announced(/Blog is over About\./)).toHaveCount(1);
  await page.keyboard.press("ArrowUp");
  await expect(announced(/Blog is over Tops\./)).toHaveCount(1);
  await page.keyboard.press("Space");
  await expect(announced(/Blog was dropped in the place of Tops\./)).toHaveCount(1);
  await expect.poll(labels).toEqual(["Blog", "Tops", "About"]);

  // With the mouse: About dragged to the top. The rows glide to their new places after the
  // keyboard's drop; they are measured once they stand still, and each step of the drag waits
  // for dnd-kit to have seen it (About lifted, then over the first row; the keyboard's last
  // announcement was its drop, so the wait cannot be met by it).
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => !(animation.effect as KeyframeEffect | null)?.target?.closest('[data-testid="menu-link"]')),
  );
  const from = await handleBox(page, /^Move About/);
  const to = await handleBox(page, /^Move Blog/);
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 4 });
  await expect(page.getByRole("button", { name: /^Move About/ })).toHaveAttribute("aria-pressed", "true");
  await page.mouse.move(to.x + to.width / 2, to.y - 20, { steps: 12 });
  await expect(announced(/About is over Blog\./)).toHaveCount(1);
  await page.mouse.up();
  await expect.poll(labels).toEqual(["About", "Blog", "Tops"]);
  await page.getByRole("button", { name: "Save" }).click();
  await expect.poll(async () => (await saved()).items.map((item) => item.title)).toEqual(["About", "Blog", "Tops"]);

  // The save's notice closes by itself, but not while the pointer rests on it (where the drag
  // left it, over the collections when the page scrolls them up): as a person would, move away.
  await page.mouse.move(0, 0);
  await expect(page.locator(".mantine-Notifications-notification")).toHaveCount(0, { timeout: 10_000 });

  // The menu's collections: Tops is listed; Bottoms added as a link, Tops taken out.
  const collections = page.getByTestId("menu-collections");
  await expect(collections.getByText("Tops", { exact: true })).toBeVisible();
  await collections.getByRole("combobox", { name: "Add a collection as a link" }).click();
  await page.getByRole("option", { name: "Bottoms", exact: true }).click();
  await collections.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByText("Bottoms has been added to the menu.")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Item 4: Label" })).toHaveValue("Bottoms");
  await collections.getByRole("button", { name: "Take Tops out of this menu" }).click();
  await expect(page.getByText("Tops has been taken out of the menu.")).toBeVisible();
  await expect.poll(labels).toEqual(["About", "Blog", "Bottoms"]);
  await expect.poll(async () => (await saved()).items.map((item) => item.title)).toEqual(["About", "Blog", "Bottoms"]);

  // Unsaved edits hold the collections back, so nothing typed is lost.
  await page.getByRole("textbox", { name: "Item 1: Label" }).fill("About the shop");
  await expect(collections.getByText("Save your changes first: these change the saved menu at once.")).toBeVisible();
  await expect(collections.getByRole("button", { name: "Take Bottoms out of this menu" })).toBeDisabled();
  expect(problems).toEqual([]);
});
