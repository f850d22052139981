// The theme editor against the real server in Chromium: open from the themes list; sections
// added above and below, dragged and removed; list limits with the core's messages; thank-you
// rules; font reset; countdown; save and reload; undo and redo; the live preview, following typing
// and recovering from lost and reordered messages and a reloaded frame; offline edits
// kept across a reload and sent once; offline edits without Save kept as a draft (never
// published by the network's return), in the theme's live session with another device; the
// preview rendered in the frame without a network; two people editing one theme live (presence,
// a same-field race, an offline edit merged); screenshots.
import { type APIRequestContext, type Page, expect, test } from "@playwright/test";
import { OWNER, apiSession, call, choosePlan, enter, newStore } from "./helpers";

test.setTimeout(120_000);

interface ThemeRow {
  id: string;
  name: string;
  family: string;
}

interface ConfigRecord {
  version: number;
  config: {
    pages: { homepage: { sections: Record<string, { type: string; index: number }> } };
    settings: Record<string, Record<string, unknown>>;
  };
}

async function setUp(request: APIRequestContext, name: string) {
  const owner = await apiSession(request, OWNER);
  const store = await newStore(request, owner, name);
  const themes = await call<ThemeRow[]>(request, owner, "GET", "/stores/onlinestore/themes", undefined, store);
  const theme = (family: string) => themes.find((t) => t.family === family) as ThemeRow;
  const config = async (family: string) =>
    (await call<ConfigRecord[]>(request, owner, "GET", `/stores/onlinestore/themes/${theme(family).id}/config`, undefined, store))[0] as ConfigRecord;
  return { owner, store, theme, config };
}

/** Opens the editor of a theme from the themes list, as a person would. */
async function openEditor(page: Page, shop: RegExp, themeName: string) {
  await enter(page, OWNER, shop, "/admin/online-store/themes");
  await page.getByRole("link", { name: `Customize ${themeName}` }).click();
  await expect(page).toHaveURL(/\/online-store\/themes\/[^/]+\/editor$/);
  await expect(page.getByRole("tab", { name: "Sections" })).toBeVisible({ timeout: 20_000 });
}

const rows = (page: Page) => page.getByTestId("section-row");
async function order(page: Page): Promise<string[]> {
  return rows(page).evaluateAll((els) => els.map((el) => el.getAttribute("data-section-key") ?? ""));
}

function homeOrder(record: ConfigRecord): string[] {
  return Object.entries(record.config.pages.homepage.sections)
    .sort((a, b) => a[1].index - b[1].index)
    .map(([key]) => key);
}

async function openGroup(page: Page, name: string) {
  await page.getByRole("tab", { name: "Setting" }).click();
  await page.getByRole("button", { name, exact: true }).click();
}

test("sections: add above and below, drag to reorder, remove, save and reload", async ({ page, request }) => {
  const { config } = await setUp(request, "Editor Sections Shop");
  await openEditor(page, /Editor Sections Shop/, "Hydro");
  const before = await order(page);
  expect(before[0]).toBe("header");
  expect(before.at(-1)).toBe("footer");
  // Slider-product sections are listed too (the storefront shows them).
  expect(before).toContain("slider-product-1");

  // Add above the first homepage section.
  const first = rows(page).nth(1);
  await first.hover();
  await first.getByRole("button", { name: "Add section above" }).click();
  await page.getByRole("menuitem", { name: "Key features" }).click();
  let now = await order(page);
  expect(now).toHaveLength(before.length + 1);
  const above = now[1] as string;
  expect(above).toMatch(/^key-features-/);
  expect(now[2]).toBe(before[1]);

  // Add below the (new) third row.
  const third = rows(page).nth(2);
  await third.hover();
  await third.getByRole("button", { name: "Add section below" }).click();
  await page.getByRole("menuitem", { name: "Image with text" }).click();
  now = await order(page);
  const below = now[3] as string;
  expect(below).toMatch(/^image-with-text-/);
  expect(now[2]).toBe(before[1]);

  // Drag the added key-features section below the next two: the rows are measured once they
  // stand still, and each step waits for dnd-kit to have seen it (lifted, then over the target).
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => !(animation.effect as KeyframeEffect | null)?.target?.closest('[data-testid="section-row"]')),
  );
  const handle = rows(page).nth(1).getByRole("button", { name: "Drag to move Key features" });
  const target = rows(page).nth(3);
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error("no boxes");
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 12, { steps: 4 });
  await expect(handle).toHaveAttribute("aria-pressed", "true");
  await page.mouse.move(from.x + from.width / 2, to.y + to.height / 2 + 8, { steps: 12 });
  // The announcement names both sections.
  const targetName = ((await target.getByRole("button", { name: /^Drag to move / }).getAttribute("aria-label")) ?? "").replace(/^Drag to move /, "");
  await expect(page.locator('[id^="DndLiveRegion"]').filter({ hasText: `Key features is over ${targetName}.` })).toHaveCount(1);
  await page.mouse.up();
  await expect.poll(() => order(page)).toEqual([now[0], now[2], now[3], above, ...now.slice(4)]);

  // Remove the original first section.
  await rows(page)
    .and(page.locator(`[data-section-key="${before[1]}"]`))
    .getByRole("button", { name: /^Edit / })
    .click();
  await page.getByRole("button", { name: "Remove section" }).click();
  const expected = (await order(page)).filter((key) => key !== "header" && key !== "footer");
  expect(expected).not.toContain(before[1]);
  await expect(page.getByTestId("save-status")).toHaveText(/^\d+ changes? not saved$/);

  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("save-status")).toHaveText("Saved");
  const saved = await config("hydro");
  expect(homeOrder(saved)).toEqual(expected);

  await page.reload();
  await expect(page.getByRole("tab", { name: "Sections" })).toBeVisible();
  expect((await order(page)).slice(1, -1)).toEqual(expected);
});

test("list limits, thank-you rules, font reset and countdown", async ({ page, request }) => {
  await setUp(request, "Editor Limits Shop");
  await openEditor(page, /Editor Limits Shop/, "Hydro");

  // Product tabs: at most 5 (the hydro template has 3).
  await page.getByRole("combobox", { name: "Page selector" }).click();
  await page.getByRole("option", { name: "Product page" }).click();
  await openGroup(page, "Product");
  const tabs = page.getByTestId("list-productTabs");
  const addTab = tabs.getByRole("button", { name: "Add product tab" });
  await addTab.click();
  await expect(tabs.getByText("4/5")).toBeVisible();
  await addTab.click();
  await expect(tabs.getByText("5/5 blocks used. Delete to add more.")).toBeVisible();
  await expect(addTab).toBeDisabled();
  // The description tab cannot be deleted; a custom one can.
  await expect(tabs.getByRole("button", { name: "Delete Description" })).toBeDisabled();
  await tabs.getByRole("button", { name: "Delete Returns" }).click();
  await expect(addTab).toBeEnabled();

  // Thank-you steps: custom steps go to position 3, default ones stay, at most 4 custom.
  await page.getByRole("combobox", { name: "Page selector" }).click();
  await page.getByRole("option", { name: "Home page" }).click();
  await openGroup(page, "Thank You");
  const steps = page.getByTestId("list-thankYouSteps");
  const addStep = steps.getByRole("button", { name: "Add block" });
  await addStep.click();
  const stepNames = await steps.getByRole("button").allInnerTexts();
  expect(stepNames.filter((text) => text.trim()).slice(0, 4)).toEqual(["Order Placed", "Order Processing", "Custom step", "Packaging & Quality Control"]);
  await expect(steps.getByRole("button", { name: "Delete Order Placed" })).toBeDisabled();
  await expect(steps.getByRole("button", { name: "Delete Custom step" })).toBeEnabled();
  for (let i = 0; i < 3; i += 1) await addStep.click();
  await expect(steps.getByText("4/4 blocks used. Delete to add more.")).toBeVisible();
  await expect(addStep).toBeDisabled();
  const policies = page.getByTestId("list-deliveryPolicies");
  const addPolicy = policies.getByRole("button", { name: "Add block" });
  await addPolicy.click();
  await expect(policies.getByText("3/3 blocks used. Delete to add more.")).toBeVisible();
  await expect(addPolicy).toBeDisabled();

  // Typography: choosing a family resets its weight; choosing a weight sets it.
  await page.getByRole("button", { name: "Thank You", exact: true }).click();
  await page.getByRole("button", { name: "Typography", exact: true }).click();
  const heading = page.getByRole("combobox", { name: "Heading font" });
  await expect(heading).toHaveValue("Poppins");
  const weight = page.getByTestId("font-type_header_family").getByRole("combobox", { name: "Weight" });
  await expect(weight).toHaveValue("700 Bold");
  await heading.click();
  await page.getByRole("option", { name: "Roboto" }).click();
  await expect(heading).toHaveValue("Roboto");
  await expect(weight).toHaveValue("");
  await weight.click();
  await page.getByRole("option", { name: "300 Light Italic" }).click();
  await expect(weight).toHaveValue("300 Light Italic");
  // A sample line in the chosen font, its stylesheet added to the page once.
  const sample = page.getByTestId("font-sample-type_header_family");
  await expect(sample).toHaveCSS("font-style", "italic");
  await expect(sample).toHaveCSS("font-weight", "300");
  await expect(page.locator('head link[rel="stylesheet"][href*="family=Roboto:ital,wght@1,300"]')).toHaveCount(1);
  // Each family offers only the weights it comes in: Alata only Regular 400.
  await heading.click();
  await page.getByRole("option", { name: "Alata" }).click();
  await expect(weight).toHaveValue("");
  await weight.click();
  await expect(page.getByRole("option")).toHaveText(["400 Regular"]);
  await page.getByRole("option", { name: "400 Regular" }).click();
  await expect(weight).toHaveValue("400 Regular");
  const size = page.getByRole("textbox", { name: "Price size (px)", exact: true });
  await size.fill("81");
  await size.press("Enter");
  await expect(page.getByText("Must be between 8 and 80.")).toBeVisible();
  await size.fill("abc");
  await size.press("Enter");
  await expect(page.getByText("Invalid number.")).toBeVisible();
  await size.fill("");
  await size.press("Enter");
  await expect(page.getByText("Required.")).toBeVisible();
  await size.fill("20");
  await size.press("Enter");
  await expect(page.getByText("Required.")).toBeHidden();

  // Checkout: the countdown's end is now plus days, hours and minutes.
  await page.getByRole("button", { name: "Checkout", exact: true }).click();
  const ends = page.getByTestId("countdown-ends");
  const minutes = page.getByRole("textbox", { name: "Minutes" });
  await minutes.fill("30");
  const typedAt = Date.now();
  await minutes.press("Enter");
  await expect.poll(async () => Number(await ends.getAttribute("data-time"))).toBeGreaterThan(typedAt + 29 * 60_000);
  const end = Number(await ends.getAttribute("data-time"));
  expect(end).toBeLessThan(Date.now() + 30 * 60_000 + 1000);
  await page.getByRole("textbox", { name: "Hours" }).fill("2");
  await page.getByRole("textbox", { name: "Hours" }).press("Enter");
  await expect.poll(async () => Number(await ends.getAttribute("data-time"))).toBeGreaterThan(end + 2 * 3_600_000 - 5000);
});

test("a colour typed character by character is never garbled, its verdict shows at once, and nothing invalid is stored", async ({ page, request }) => {
  const { config } = await setUp(request, "Editor Colour Shop");
  await openEditor(page, /Editor Colour Shop/, "Hydro");
  await openGroup(page, "Colors");
  // The picker says Home page; the preview shows the product page, and says so beside it.
  await expect(page.getByTestId("preview-page")).toHaveText("The preview shows the product page");
  const price = page.getByRole("textbox", { name: "Price", exact: true });
  const frame = page.frameLocator('[data-testid="preview-frame"]');
  const verdict = "A colour is # and 6 hexadecimal digits (or 3), like #2a9d8f.";
  // As a person types: each character, and the field shows exactly what was typed.
  await price.click();
  await price.press("Control+a");
  await price.press("Backspace");
  let typed = "";
  for (const ch of "#2a9d8f") {
    await price.pressSequentially(ch);
    typed += ch;
    await expect(price).toHaveValue(typed);
    // An incomplete code: the core's verdict under the field; a complete one: none.
    if (typed === "#2a9" || typed === "#2a9d8f") await expect(page.getByText(verdict)).toBeHidden();
    else await expect(page.getByText(verdict)).toBeVisible();
  }
  // The preview follows the last complete code.
  await expect.poll(async () => (await frame.locator("#sl-theme").textContent())?.toLowerCase()).toContain("--c-price:#2a9d8f");
  await price.press("Enter");
  await expect(price).toHaveValue("#2a9d8f");

  // A garbled code stays in the field with the verdict, and is not stored.
  await price.press("Control+a");
  await price.pressSequentially("#12345");
  await price.press("Enter");
  await expect(price).toHaveValue("#12345");
  await expect(page.getByText(verdict)).toBeVisible();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("save-status")).toHaveText("Saved");
  expect((await config("hydro")).config.settings.colors?.color_price).toBe("#2a9d8f");

  // The picker sets a colour too, and the swatch's button is reached by keyboard.
  const pick = page.getByRole("button", { name: "Pick the colour of Price" });
  await pick.click();
  // The picker takes the focus, on its saturation; arrows move it.
  await expect(page.getByRole("slider", { name: "Saturation and brightness" })).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Escape");
  await expect(price).not.toHaveValue("#2a9d8f");
  await expect(price).toHaveValue(/^#[0-9a-f]{6}$/);
  await expect(page.getByText(verdict)).toBeHidden();

  // In Vietnamese: the family's badge, the verdict and the picker's name.
  await page.evaluate(() => localStorage.setItem("storeloom.language", "vi"));
  await page.reload();
  await expect(page.getByRole("tab", { name: "Cài đặt" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("Mặc định", { exact: true })).toBeVisible();
  await expect(page.getByText("DEFAULT", { exact: true })).toHaveCount(0);
  await page.getByRole("tab", { name: "Cài đặt" }).click();
  await page.getByRole("button", { name: "Màu sắc", exact: true }).click();
  const gia = page.getByRole("textbox", { name: "Giá", exact: true });
  await gia.click();
  await gia.press("End");
  await gia.press("Backspace");
  await expect(page.getByText("Mã màu gồm # và 6 chữ số thập lục phân (hoặc 3), ví dụ #2a9d8f.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Chọn màu cho Giá", exact: true })).toBeVisible();
  await page.evaluate(() => localStorage.setItem("storeloom.language", "en"));
});

test("undo and redo restore exactly; save then reload shows the saved config", async ({ page, request }) => {
  const { config } = await setUp(request, "Editor Undo Shop");
  await openEditor(page, /Editor Undo Shop/, "Hydro");
  await openGroup(page, "Style");
  const lines = page.getByRole("textbox", { name: "Lines of product titles" });
  await expect(lines).toHaveValue("1");
  await lines.fill("3");
  await lines.press("Enter");
  await openGroup(page, "Colors");
  const price = page.getByRole("textbox", { name: "Price", exact: true });
  const original = await price.inputValue();
  await price.fill("#123456");
  await price.press("Enter");
  await price.press("Escape");
  await price.blur();
  await expect(price).toHaveValue("#123456");

  await page.keyboard.press("Control+z");
  await expect(price).toHaveValue(original);
  await page.keyboard.press("Control+z");
  await page.getByRole("button", { name: "Style", exact: true }).click();
  await expect(lines).toHaveValue("1");
  await expect(page.getByRole("button", { name: /^Undo/ })).toBeDisabled();
  await expect(page.getByTestId("save-status")).toHaveText("Saved");
  await page.getByRole("button", { name: /^Redo/ }).click();
  await expect(lines).toHaveValue("3");
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press("Shift+Control+z");
  await page.getByRole("button", { name: "Colors", exact: true }).click();
  await expect(price).toHaveValue("#123456");

  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("save-status")).toHaveText("Saved");
  const saved = await config("hydro");
  expect(saved.config.settings.style?.maxLineDisplayProduct).toBe(3);
  expect(saved.config.settings.colors?.color_price).toBe("#123456");
  await page.reload();
  await openGroup(page, "Style");
  await expect(page.getByRole("textbox", { name: "Lines of product titles" })).toHaveValue("3");

  // Versions: who and when, and restore of the first one.
  await page.getByRole("button", { name: "Versions" }).click();
  const versions = page.getByTestId("version-row");
  await expect(versions).toHaveCount(2);
  await expect(versions.first()).toContainText("Version 2");
  await versions.last().getByRole("button", { name: "Restore" }).click();
  // Restoring asks first; nothing changes until it is confirmed.
  const confirm = page.getByRole("dialog", { name: "Restore version 1?" });
  await expect(confirm).toBeVisible();
  await expect(versions).toHaveCount(2);
  await confirm.getByRole("button", { name: "Restore" }).click();
  await expect(versions).toHaveCount(3);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("textbox", { name: "Lines of product titles" })).toHaveValue("1");
});

/** Offline: edits are kept in IndexedDB and sent once when the server can be reached. */
test("offline edits survive a reload and reach the server exactly once", async ({ page, context, request }) => {
  const { owner, store, theme, config } = await setUp(request, "Editor Offline Shop");
  await openEditor(page, /Editor Offline Shop/, "Hydro");
  // The admin's service worker keeps the built admin, so that it opens without a network.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await openGroup(page, "Cart Goal");
  const message = page.getByRole("textbox", { name: "Motivational message" });
  await context.setOffline(true);
  await expect(page.getByTestId("save-status")).toHaveText(/Offline/);
  for (let i = 1; i <= 50; i += 1) {
    await message.fill(`Spend more ${i}`);
    await message.press("Enter");
  }
  await expect(message).toHaveValue("Spend more 50");
  // Saving offline queues the batch; the status says so once the queue is on the device, so a
  // reload from then on keeps it.
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("save-status")).toHaveText("Offline — 50 changes not saved; they are saved when the network is back");

  // A reload with the network still cut: the admin comes from the service worker, the edits
  // from the browser's drafts, and nothing reached the server.
  let accepted = 0;
  page.on("response", (r) => {
    if (r.url().endsWith("/commands") && r.ok()) accepted += 1;
  });
  await page.reload();
  await openGroup(page, "Cart Goal");
  await expect(page.getByRole("textbox", { name: "Motivational message" })).toHaveValue("Spend more 50");
  await expect(page.getByTestId("save-status")).toHaveText(/Offline/);
  expect((await config("hydro")).version).toBe(1);

  // The server can be reached again: the queue goes once.
  await context.setOffline(false);
  await expect(page.getByTestId("save-status")).toHaveText("Saved", { timeout: 15_000 });
  const saved = await config("hydro");
  expect(saved.config.settings.cart_goal?.motivationalMessage).toBe("Spend more 50");
  expect(saved.version).toBe(2);
  const versions = await call<{ version: number; summary: string }[]>(
    request,
    owner,
    "GET",
    `/stores/onlinestore/themes/${theme("hydro").id}/versions`,
    undefined,
    store,
  );
  expect(versions).toHaveLength(2);
  // The version says in words what it changed (50 keystrokes in one field are one change).
  expect(versions[0]?.summary).toBe("Edited Cart goal: motivational message");
  expect(accepted).toBe(1);
  await page.getByRole("button", { name: "Versions" }).click();
  await expect(page.getByRole("dialog", { name: "Versions" })).toContainText("Edited Cart Goal: Motivational message");
});

/** Issue 26, in the theme's live session: only Save publishes. An edit made offline waits on
 * the device; back online it joins the shared working draft, unpublished: a reload and another
 * device show it there; Save publishes it. */
test("offline edits without Save stay unsaved after reconnecting and a reload; another device sees them; Save publishes", async ({
  page,
  context,
  browser,
  request,
}) => {
  const { owner, store, theme, config } = await setUp(request, "Editor Draft Shop");
  const { subdomain } = await call<{ subdomain: string }>(request, owner, "GET", "/stores/current", undefined, store);
  const storefront = async () => (await request.get(`/s/${subdomain}/`)).text();
  const themePath = `/stores/onlinestore/themes/${theme("hydro").id}`;
  const status = page.getByTestId("save-status");
  const text = "Picked without a network, not saved";
  await openEditor(page, /Editor Draft Shop/, "Hydro");
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  let batches = 0;
  page.on("request", (r) => {
    if (r.url().endsWith(`${theme("hydro").id}/commands`)) batches += 1;
  });

  await context.setOffline(true);
  await expect(status).toHaveText(/Offline/);
  await page.getByRole("button", { name: /^Edit Collection list/ }).click();
  const heading = page.getByRole("textbox", { name: "Heading", exact: true }).first();
  await heading.fill(text);
  await heading.press("Enter");
  await expect(status).toHaveText("Offline — 1 change not saved, kept on this device");

  // Back online: the edit joins the shared working draft; nothing is published.
  await context.setOffline(false);
  await expect(status).toHaveText("1 change not saved");
  await expect.poll(async () => (await call<{ head: number }>(request, owner, "GET", `${themePath}/live`, undefined, store)).head, { timeout: 10_000 }).toBe(1);
  // A reload: still unsaved, still not published.
  await page.reload();
  await expect(page.getByRole("tab", { name: "Sections" })).toBeVisible({ timeout: 20_000 });
  await expect(status).toHaveText("1 change not saved");
  await expect(page.getByTestId("remote-draft")).toHaveCount(0);
  expect((await config("hydro")).version).toBe(1);
  expect(await storefront()).not.toContain(text);

  // Another device of the same merchant opens the working draft, edit included.
  const other = await browser.newContext();
  const phone = await other.newPage();
  await enter(phone, OWNER, /Editor Draft Shop/);
  await phone.goto(page.url());
  await expect(phone.getByTestId("save-status")).toHaveText("1 change not saved", { timeout: 20_000 });
  await phone.getByRole("button", { name: /^Edit Collection list/ }).click();
  await expect(phone.getByRole("textbox", { name: "Heading", exact: true }).first()).toHaveValue(text);
  expect(await storefront()).not.toContain(text);

  // Save publishes, and every editor of the session hears it.
  await page.getByRole("button", { name: "Save" }).click();
  await expect(status).toHaveText("Saved");
  await expect(phone.getByTestId("save-status")).toHaveText("Saved");
  await other.close();
  expect(batches).toBe(0);
  expect((await config("hydro")).version).toBe(2);
  expect(await storefront()).toContain(text);
});

/** The link in the newest mail to `to` (the development mailbox), as a path. */
async function mailedLink(request: APIRequestContext, to: string): Promise<string> {
  const mails = (await (await request.get("/api/dev/mailbox")).json()) as { to: string; body: string }[];
  const mail = mails.filter((m) => m.to === to).at(-1);
  const url = mail ? /https?:\/\/\S+/.exec(mail.body)?.[0] : undefined;
  expect(url, `a mail to ${to}`).toBeDefined();
  const link = new URL(url as string);
  return `${link.pathname}${link.search}`;
}

/** Issue 47: the owner and a designer they invited edit one theme at once, each in their own
 * browser. Each one's edit reaches the other's panel and preview; each sees who is there and
 * where; both typing in one field end on the same text; an edit made offline merges on
 * reconnecting, and the field someone else changed meanwhile offers the choice. */
test("two editors edit one theme live: edits, presence, a same-field race and an offline edit", async ({ page, browser, request }) => {
  const { owner, store, theme, config } = await setUp(request, "Editor Live Shop");
  const email = `designer-${Date.now()}@example.com`;
  // Staff accounts come with the Silver plan.
  await choosePlan(request, owner, store);
  await call(request, owner, "POST", "/users/add-store-staff", { email, scopes: ["themes"] }, store);
  const designerContext = await browser.newContext();
  const designer = await designerContext.newPage();
  await designer.goto(await mailedLink(request, email));
  await designer.getByLabel("First name").fill("Minh");
  await designer.getByLabel("Password", { exact: true }).fill("designer12");
  await designer.getByRole("button", { name: "Accept the invitation" }).click();
  await expect(designer).toHaveURL(/\/admin\/auth\/shop$/);
  await designer.getByRole("button", { name: /Editor Live Shop/ }).click();
  await expect(designer).not.toHaveURL(/\/admin\/auth\/shop$/);

  await openEditor(page, /Editor Live Shop/, "Hydro");
  await designer.goto(page.url());
  await expect(designer.getByRole("tab", { name: "Sections" })).toBeVisible({ timeout: 20_000 });
  for (const p of [page, designer]) await expect(p.getByTestId("preview-frame")).toHaveAttribute("data-ready", "true", { timeout: 15_000 });
  const ownerFrame = page.frameLocator('[data-testid="preview-frame"]');
  const designerFrame = designer.frameLocator('[data-testid="preview-frame"]');

  // Presence: each sees the other's avatar; the owner's open section is marked for Minh, in the
  // list and over it in the preview.
  await expect(page.getByTestId("live-avatar")).toHaveAttribute("data-name", /Minh/);
  await expect(designer.getByTestId("live-avatar")).toHaveCount(1);
  await page.getByRole("button", { name: /^Edit Collection list/ }).click();
  const row = designer.locator('[data-testid="section-row"][data-section-key="collection-list-1"]');
  await expect(row.getByTestId("live-editing")).toHaveAccessibleName(/is editing/);
  await expect.poll(async () => designerFrame.locator("#sl-editing").evaluate((el) => el.textContent ?? "")).toContain("collection-list-1");

  // The owner types, key by key: the designer's preview follows; the designer's panel marks
  // the field the owner types in.
  await designer.getByRole("button", { name: /^Edit Collection list/ }).click();
  const ownerHeading = page.getByRole("textbox", { name: "Heading", exact: true }).first();
  const designerHeading = designer.getByRole("textbox", { name: "Heading", exact: true }).first();
  await ownerHeading.click();
  await ownerHeading.press("Control+A");
  await ownerHeading.pressSequentially("Fresh from the owner", { delay: 30 });
  const designerShown = designerFrame.locator('[data-section-key="collection-list-1"]');
  await expect(designerShown).toContainText("Fresh from the owner");
  await expect(designer.getByTestId("field-/pages/homepage/sections/collection-list-1/settings/heading").getByTestId("live-typing")).toHaveText(
    /is typing here/,
  );
  await ownerHeading.press("Enter");
  await expect(designerHeading).toHaveValue("Fresh from the owner");

  // The designer's edit of another section reaches the owner's preview.
  await designer.getByRole("button", { name: "Back to the list" }).click();
  await designer.getByRole("button", { name: "Edit Header", exact: true }).click();
  const topBar = designer.getByRole("textbox", { name: "Top bar text" });
  await topBar.fill("Minh's top bar");
  await topBar.press("Enter");
  await expect(ownerFrame.getByText("Minh's top bar")).toBeVisible();

  // A race on one field: both type at once; the later in the server's order wins, on both.
  await designer.getByRole("button", { name: "Back to the list" }).click();
  await designer.getByRole("button", { name: /^Edit Collection list/ }).click();
  await Promise.all([
    (async () => {
      await ownerHeading.fill("Owner's heading");
      await ownerHeading.press("Enter");
    })(),
    (async () => {
      await designerHeading.fill("Minh's heading");
      await designerHeading.press("Enter");
    })(),
  ]);
  await expect
    .poll(async () => [await ownerHeading.inputValue(), await designerHeading.inputValue()].join(" | "))
    .toMatch(/^(Owner's|Minh's) heading \| \1 heading$/);
  const winner = await ownerHeading.inputValue();
  await expect(designerShown).toContainText(winner);
  await expect(ownerFrame.locator('[data-section-key="collection-list-1"]')).toContainText(winner);

  // Offline: the designer edits the heading and the cart goal's message; meanwhile the owner
  // changes the heading too. Back online, the message merges; the heading offers the choice.
  await designerContext.setOffline(true);
  await expect(designer.getByTestId("save-status")).toHaveText(/Offline/);
  await designerHeading.fill("Minh, offline");
  await designerHeading.press("Enter");
  await ownerHeading.fill("The owner, meanwhile");
  await ownerHeading.press("Enter");
  await openGroup(designer, "Cart Goal");
  const message = designer.getByRole("textbox", { name: "Motivational message" });
  await message.fill("Written offline by Minh");
  await message.press("Enter");
  await designerContext.setOffline(false);
  const dialog = designer.getByRole("dialog", { name: "Someone else changed this too" });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await expect(dialog.getByTestId("conflict-mine")).toHaveText(`"Minh, offline"`);
  await expect(dialog.getByTestId("conflict-theirs")).toHaveText(`"The owner, meanwhile"`);
  await dialog.getByRole("button", { name: "Keep mine" }).click();
  await expect(dialog).toBeHidden();
  await expect(ownerHeading).toHaveValue("Minh, offline");
  await openGroup(page, "Cart Goal");
  await expect(page.getByRole("textbox", { name: "Motivational message" })).toHaveValue("Written offline by Minh");

  // The owner saves everyone's edits; the version names both.
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("save-status")).toHaveText("Saved");
  await expect(designer.getByTestId("save-status")).toHaveText("Saved");
  const saved = await config("hydro");
  expect(saved.config.settings.cart_goal?.motivationalMessage).toBe("Written offline by Minh");
  const versions = await call<{ authors: string[] }[]>(request, owner, "GET", `/stores/onlinestore/themes/${theme("hydro").id}/versions`, undefined, store);
  expect(versions[0]?.authors).toHaveLength(2);
  await designerContext.close();
});

test("the preview shows changes without reloading, scrolls to a section, and is 375 x 667 on mobile", async ({ page, request }) => {
  await setUp(request, "Editor Preview Shop");
  await openEditor(page, /Editor Preview Shop/, "Hydro");
  const frameElement = page.getByTestId("preview-frame");
  await expect(frameElement).toHaveAttribute("data-ready", "true", { timeout: 15_000 });
  const frame = page.frameLocator('[data-testid="preview-frame"]');
  // A marker in the frame's window shows that it was never reloaded.
  await frameElement.evaluate((el) => {
    ((el as HTMLIFrameElement).contentWindow as unknown as { marker: number }).marker = 42;
  });

  await page.getByRole("button", { name: /^Edit Collection list/ }).click();
  const heading = page.getByRole("textbox", { name: "Heading", exact: true }).first();
  await heading.fill("Shop our fresh picks");
  await heading.press("Enter");
  await expect(frame.getByText("Shop our fresh picks")).toBeVisible();
  expect(await frameElement.evaluate((el) => ((el as HTMLIFrameElement).contentWindow as unknown as { marker?: number }).marker)).toBe(42);
  // The next edit inside the section renders that section alone: another keeps its element.
  const other = frame.locator('[data-section-key="feature-content-1"]');
  await other.evaluate((el) => void ((el as unknown as { marker: number }).marker = 7));
  await heading.fill("Shop our new picks");
  await heading.press("Enter");
  await expect(frame.getByText("Shop our new picks")).toBeVisible();
  expect(await other.evaluate((el) => (el as unknown as { marker?: number }).marker)).toBe(7);

  // Selecting a section far down the page scrolls the preview to it.
  await page.getByRole("button", { name: "Back to the list" }).click();
  await page.getByRole("button", { name: /^Edit Feature content/ }).click();
  const target = frame.locator('[data-section-key="feature-content-1"]');
  await expect
    .poll(async () =>
      target.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return r.top < window.innerHeight && r.bottom > 0;
      }),
    )
    .toBe(true);

  // Mobile: 375 x 667.
  await page.locator('label[for$="-mobile"]').click();
  await expect.poll(async () => (await frameElement.boundingBox())?.width).toBe(375);
  expect((await frameElement.boundingBox())?.height).toBe(667);
});

/** The frame keeps its own copy of the document, fed the editor's steps one at a time; a step
 * that does not follow its copy makes it ask for the whole document. Typed character by
 * character, the preview follows each key, and the frame ends on the editor's document after a
 * lost message, one out of order, a lost last message and a reload of the frame. */
test("the preview follows typing and recovers from lost and reordered messages and a reloaded frame", async ({ page, request }) => {
  await setUp(request, "Editor Stream Shop");
  await openEditor(page, /Editor Stream Shop/, "Hydro");
  const frameElement = page.getByTestId("preview-frame");
  await expect(frameElement).toHaveAttribute("data-ready", "true", { timeout: 15_000 });
  const frame = page.frameLocator('[data-testid="preview-frame"]');
  const heading = page.getByRole("textbox", { name: "Heading", exact: true }).first();
  const shown = frame.locator('[data-section-key="collection-list-1"]');
  await page.getByRole("button", { name: /^Edit Collection list/ }).click();
  const original = await heading.inputValue();

  // Every key is an edit: the preview shows the text as it is typed, before Enter or Tab, and the
  // status says so from the first key.
  await heading.click();
  await heading.press("Control+A");
  await heading.pressSequentially("Fresh", { delay: 40 });
  await expect(shown).toContainText("Fresh");
  // (In the live session, each batch sent while typing is a command of the working draft.)
  await expect(page.getByTestId("save-status")).toHaveText(/changes? not saved/);
  // A render that differs from the shown section only in its text keeps the section's elements
  // (the section chosen a moment ago still has the editor's flash on it) and changes the text.
  await shown.evaluate((el) => Object.assign(el, { kept: true }));
  await heading.pressSequentially(" picks", { delay: 40 });
  await expect(shown).toContainText("Fresh picks");
  expect(await shown.evaluate((el) => (el as Element & { kept?: boolean }).kept === true)).toBe(true);
  // The typing is one step: one undo brings the heading back.
  await page.getByRole("button", { name: /^Undo/ }).click();
  await expect(heading).toHaveValue(original);
  await expect(shown).toContainText(original);
  await expect(shown).not.toContainText("Fresh");

  // On their way to the frame, the editor's next steps are dropped or held back (the frame's
  // entry point and its postMessage, as the editor calls them, are wrapped), and whole configs
  // are counted.
  await frameElement.evaluate((el) => {
    type Deliver = (message: unknown) => void;
    const target = (el as HTMLIFrameElement).contentWindow as unknown as Record<string, unknown> & Window;
    const wire = { drop: 0, hold: false, held: null as null | { message: unknown; deliver: Deliver }, configs: 0 };
    target.wire = wire;
    const route = (message: unknown, deliver: Deliver) => {
      const type = (message as { type?: string } | null)?.type;
      if (type === "storeloom:config") wire.configs += 1;
      if (type !== "storeloom:commands") return deliver(message);
      if (wire.drop > 0) {
        wire.drop -= 1;
      } else if (wire.hold) {
        wire.hold = false;
        wire.held = { message, deliver };
      } else {
        deliver(message);
        // The one held back arrives after the one that followed it.
        const held = wire.held;
        wire.held = null;
        held?.deliver(held.message);
      }
    };
    const call = target.storeloomPreview as Deliver;
    target.storeloomPreview = (message: unknown) => route(message, call);
    const post = target.postMessage.bind(target) as (message: unknown, origin: string) => void;
    target.postMessage = ((message: unknown, origin: string) => route(message, (m) => post(m, origin))) as Window["postMessage"];
  });
  const wire = (values: Record<string, unknown> = {}) =>
    frameElement.evaluate((el, v) => Object.assign(((el as HTMLIFrameElement).contentWindow as unknown as { wire: Record<string, unknown> }).wire, v), values);
  const configsSent = async () => (await wire()).configs as number;
  const setIn = (values: Record<string, unknown>) => wire(values);

  // A lost message: the next one does not follow the frame's copy, which asks for the document.
  await setIn({ drop: 1 });
  await heading.click();
  await heading.press("End");
  await heading.pressSequentially(" now", { delay: 40 });
  await expect(shown).toContainText(`${original} now`);
  expect(await configsSent()).toBeGreaterThan(0);
  // Two messages out of order.
  await setIn({ hold: true, configs: 0 });
  await heading.pressSequentially(" and", { delay: 40 });
  await expect(shown).toContainText(`${original} now and`);
  expect(await configsSent()).toBeGreaterThan(0);
  // The last message lost, with nothing after it: the unanswered message brings the document
  // after the core's refresh delay.
  await setIn({ drop: 1, configs: 0 });
  await heading.pressSequentially("!");
  await expect(shown).toContainText(`${original} now and!`, { timeout: 10_000 });
  expect(await configsSent()).toBe(1);

  // A reloaded frame starts again from the whole document, then follows the typing.
  const previewFrame = () => page.frames().find((f) => f.url().includes("/s/")) ?? page.mainFrame();
  await previewFrame().evaluate(() => window.location.reload());
  await expect(frameElement).toHaveAttribute("data-ready", "true", { timeout: 15_000 });
  await expect(shown).toContainText(`${original} now and!`);
  await heading.pressSequentially("!", { delay: 40 });
  await expect(shown).toContainText(`${original} now and!!`);
  await heading.press("Enter");
  await expect(heading).toHaveValue(`${original} now and!!`);
});

/** The preview renders in the frame itself (the core's storefront renderer as WebAssembly): an
 * edit costs no request, so it shows without a network; the frame's worker keeps the page, the
 * runtime and the catalog snapshot, so a reload without a network shows the draft too. */
test("the preview renders edits without a network and opens offline with the draft", async ({ page, context, request }) => {
  await setUp(request, "Editor Preview Offline Shop");
  await openEditor(page, /Editor Preview Offline Shop/, "Hydro");
  const frameElement = page.getByTestId("preview-frame");
  await expect(frameElement).toHaveAttribute("data-ready", "true", { timeout: 15_000 });
  const frame = page.frameLocator('[data-testid="preview-frame"]');
  await expect(frame.locator("html")).toHaveAttribute("data-preview-runtime", "wasm");
  // Both workers in control: the admin's, and the preview frame's.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await frame.locator("html").evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const calls: string[] = [];
  page.on("request", (r) => {
    if (r.frame() !== page.mainFrame() && ["fetch", "xhr"].includes(r.resourceType())) calls.push(r.url());
  });
  await context.setOffline(true);
  await expect(page.getByTestId("save-status")).toHaveText(/Offline/);

  // A home section's text.
  await page.getByRole("button", { name: /^Edit Collection list/ }).click();
  const heading = page.getByRole("textbox", { name: "Heading", exact: true }).first();
  await heading.fill("Picked without a network");
  await heading.press("Enter");
  await expect(frame.getByText("Picked without a network")).toBeVisible();
  // The header's text.
  await page.getByRole("button", { name: "Back to the list" }).click();
  await page.getByRole("button", { name: "Edit Header", exact: true }).click();
  const topBar = page.getByRole("textbox", { name: "Top bar text" });
  // The template's text names the store's threshold through a placeholder, and says so.
  const hint = page.getByText("{free_shipping_threshold} shows your free-shipping threshold in your store's currency", { exact: false });
  await expect(topBar).toHaveValue(/\{free_shipping_threshold\}/);
  await expect(hint).toBeVisible();
  await topBar.fill("Free shipping, even offline");
  await topBar.press("Enter");
  await expect(frame.getByText("Free shipping, even offline")).toBeVisible();
  await expect(hint).toHaveCount(0);
  // A theme colour.
  await openGroup(page, "Colors");
  const price = page.getByRole("textbox", { name: "Price", exact: true });
  await price.fill("#123456");
  await price.press("Enter");
  await price.press("Escape");
  await expect.poll(async () => (await frame.locator("#sl-theme").textContent())?.toLowerCase()).toContain("#123456");
  // Not one request from the frame for all of it.
  expect(calls).toEqual([]);

  // A reload with the network still cut: the admin from its worker, the frame from its own, the
  // draft from the browser's drafts, rendered by the runtime.
  await page.reload();
  await expect(page.getByRole("tab", { name: "Sections" })).toBeVisible({ timeout: 20_000 });
  await expect(frameElement).toHaveAttribute("data-ready", "true", { timeout: 15_000 });
  await expect(frame.locator("html")).toHaveAttribute("data-preview-runtime", "wasm");
  await expect(frame.getByText("Picked without a network")).toBeVisible();
  await expect(frame.getByText("Free shipping, even offline")).toBeVisible();
  await expect.poll(async () => (await frame.locator("#sl-theme").textContent())?.toLowerCase()).toContain("#123456");
  await page.getByRole("button", { name: "Edit Header", exact: true }).click();
  const again = page.getByRole("textbox", { name: "Top bar text" });
  await again.fill("Still offline, still shown");
  await again.press("Enter");
  await expect(frame.getByText("Still offline, still shown")).toBeVisible();
  await context.setOffline(false);
});

for (const family of ["hydro", "newchick"] as const) {
  test(`screenshots of the ${family} editor, desktop and mobile preview`, async ({ page, request }) => {
    await setUp(request, `Editor Shots ${family}`);
    await page.setViewportSize({ width: 1440, height: 900 });
    await openEditor(page, new RegExp(`Editor Shots ${family}`), family === "hydro" ? "Hydro" : "Newchick");
    await expect(page.getByTestId("preview-frame")).toHaveAttribute("data-ready", "true", { timeout: 15_000 });
    await page.waitForTimeout(500);
    await page.screenshot({ path: `e2e/screenshots/editor-${family}-desktop.png` });
    await page.locator('label[for$="-mobile"]').click();
    await openGroup(page, "Colors");
    await page.waitForTimeout(700);
    await page.screenshot({ path: `e2e/screenshots/editor-${family}-mobile.png` });
  });
}
