// The admin's first hour, screen by screen: the operator's owner walks the full menu, the seller
// the limited one and each demo staff member theirs, once at 1280 px in English and once at
// 375 px in Vietnamese. Each screen must have a heading, settle (nothing busy), have no element
// wider than the screen, and (in Vietnamese) show no text of the English catalogue that has a
// Vietnamese translation; the walk also fails on a console error, an uncaught exception or a
// failed request. Every screen is photographed at both widths into e2e/screenshots/ (README.md
// names them), and the owner's desktop screens are checked with axe-core (no serious or
// critical violation).
import AxeBuilder from "@axe-core/playwright";
import { readFileSync } from "node:fs";
import { type Page, expect, test } from "@playwright/test";
import { OWNER, SELLER, enter, watch } from "./helpers";

const SHOTS = "e2e/screenshots";

interface Walker {
  name: string;
  email: string;
  shop: RegExp;
}

const WALKERS: Walker[] = [
  { name: "owner", email: OWNER, shop: /Demo Store/ },
  { name: "seller", email: SELLER, shop: /Sam's Goods/ },
  { name: "orders-staff", email: "orders@example.com", shop: /Demo Store/ },
  { name: "designer-staff", email: "designer@example.com", shop: /Demo Store/ },
];

interface Pass {
  width: number;
  height: number;
  language: "en" | "vi";
}

const DESKTOP: Pass = { width: 1280, height: 800, language: "en" };
const PHONE: Pass = { width: 375, height: 740, language: "vi" };

type Catalogue = { [key: string]: string | Catalogue };

function flatten(catalogue: Catalogue, prefix = "", into = new Map<string, string>()) {
  for (const [key, value] of Object.entries(catalogue)) {
    if (typeof value === "string") into.set(prefix + key, value);
    else flatten(value, `${prefix}${key}.`, into);
  }
  return into;
}

/** The English texts whose Vietnamese differs, as whole-text patterns ("{{n}} orders" matches
 * "5 orders"). A rendered Vietnamese screen matching one shows an untranslated text. */
function englishPatterns(): { text: string; pattern: RegExp }[] {
  const read = (language: string) => JSON.parse(readFileSync(`src/i18n/${language}.json`, "utf8")) as Catalogue;
  const english = flatten({ ...read("en"), ...read("en-editor") });
  const vietnamese = flatten(read("vi"));
  const patterns: { text: string; pattern: RegExp }[] = [];
  for (const [key, text] of english) {
    const translated = vietnamese.get(key);
    if (translated === undefined || translated === text || text.includes("<")) continue;
    // Only texts with a word of three letters: "OK", "px" or "%" say nothing about the language.
    if (!/[A-Za-z]{3}/.test(text.replace(/\{\{[^}]*\}\}/g, ""))) continue;
    const source = text
      .split(/\{\{[^}]*\}\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
      .join(".+?");
    patterns.push({ text, pattern: new RegExp(`^${source}$`) });
  }
  return patterns;
}

const ENGLISH = englishPatterns();

/** The page's visible texts: each element's own text, and the labels a screen reader reads. */
function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts = new Set<string>();
    const visible = (element: Element) => {
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      return style.visibility !== "hidden" && style.display !== "none" && box.width > 0 && box.height > 0;
    };
    for (const element of Array.from(document.body.querySelectorAll("*"))) {
      if (["SCRIPT", "STYLE", "NOSCRIPT", "IFRAME"].includes(element.tagName)) continue;
      // The merchant's own words (a page called "Contact", a menu called "Footer") are data, not
      // the admin's texts: table cells are skipped, except the statuses shown as badges.
      if (element.closest("[translate='no']")) continue;
      if (element.closest("td") && !element.closest(".mantine-Badge-root")) continue;
      if (!visible(element)) continue;
      let own = "";
      for (const node of Array.from(element.childNodes)) if (node.nodeType === Node.TEXT_NODE) own += node.textContent;
      if (own.trim()) texts.add(own.replace(/\s+/g, " ").trim());
      for (const attribute of ["aria-label", "placeholder", "title"]) {
        const value = element.getAttribute(attribute);
        if (value?.trim()) texts.add(value.trim());
      }
    }
    return [...texts];
  });
}

/** Elements that stick out of the screen sideways, unless a scrolling or clipping box (a table's
 * own scroller) holds them; the document itself must not scroll sideways. */
function tooWide(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    if (document.documentElement.scrollWidth > width + 1) {
      found.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} px in ${width} px`);
    }
    const clipped = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX === "visible") continue;
        const box = parent.getBoundingClientRect();
        if (box.left >= -1 && box.right <= width + 1) return true;
      }
      return false;
    };
    for (const element of Array.from(document.body.querySelectorAll("*"))) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.right <= width + 1 && box.left >= -1) continue;
      const style = getComputedStyle(element);
      if (style.visibility === "hidden" || style.position === "fixed") continue;
      if (element.closest("[aria-hidden='true'], [inert]")) continue;
      if (clipped(element)) continue;
      const name = `${element.tagName.toLowerCase()}${element.className && typeof element.className === "string" ? `.${element.className.split(" ")[0]}` : ""}`;
      found.push(`${name} spans ${Math.round(box.left)}..${Math.round(box.right)} px: "${(element.textContent ?? "").trim().slice(0, 60)}"`);
      if (found.length >= 5) break;
    }
    return found;
  });
}

async function openDrawer(page: Page, phone: boolean) {
  const nav = page.getByTestId("drawer");
  if (phone && !(await nav.isVisible())) await page.locator("header .mantine-Burger-root").click();
  await expect(nav.locator(".mantine-NavLink-root").first()).toBeVisible();
  // Open every group, then read the items.
  const groups = nav.locator(".mantine-NavLink-root:has(+ .mantine-NavLink-collapse)");
  for (let index = 0; index < (await groups.count()); index++) {
    const group = groups.nth(index);
    if ((await group.getAttribute("data-expanded")) === null) await group.click();
  }
  return nav.locator(".mantine-NavLink-root:not(:has(+ .mantine-NavLink-collapse)) .mantine-NavLink-label");
}

async function walk(page: Page, walker: Walker, pass: Pass) {
  const phone = pass.width < 768;
  await page.setViewportSize({ width: pass.width, height: pass.height });
  const problems = watch(page);
  await enter(page, walker.email, walker.shop);
  await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toBeVisible();
  if (pass.language === "vi") {
    await page.evaluate(() => localStorage.setItem("storeloom.language", "vi"));
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", "vi");
  }
  const labels = await (await openDrawer(page, phone)).allInnerTexts();
  expect(labels.length).toBeGreaterThan(4);
  const visited: string[] = [];
  for (const [index, label] of labels.entries()) {
    const item = (await openDrawer(page, phone)).nth(index);
    const href = await item.locator("xpath=ancestor::a[1]").getAttribute("href");
    expect(href, `the link of "${label}"`).toMatch(/^\/admin/);
    await item.click();
    // The new screen in place, not the last one still shown while it renders.
    const route = href!.replace(/^\/admin/, "") || "/";
    await expect(page.locator(`[data-motion="page"][data-path="${route}"]`), `the screen of "${label}"`).toBeAttached();
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 }), `a heading on the screen of "${label}"`).toBeVisible();
    await expect(page.locator("[aria-busy='true']")).toHaveCount(0);
    if (phone) await expect(page.getByTestId("drawer"), `the drawer closes after "${label}"`).toBeHidden();
    const path = new URL(page.url()).pathname;
    visited.push(`${label} -> ${path}`);
    const name = path.replace(/^\/admin\/?/, "").replace(/\//g, "-") || "dashboard";
    for (const wide of await tooWide(page)) problems.push(`${path} at ${pass.width} px: ${wide}`);
    if (pass.language === "vi") {
      for (const text of await visibleTexts(page)) {
        const english = ENGLISH.find(({ pattern }) => pattern.test(text));
        if (english) problems.push(`${path}: untranslated "${text}" (en.json "${english.text}")`);
      }
    }
    await page.screenshot({ path: `${SHOTS}/walk-${walker.name}-${pass.width}-${name}.png` });
    if (walker.name === "owner" && !phone) {
      const results = await new AxeBuilder({ page }).include("main").analyze();
      for (const v of results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")) {
        problems.push(`axe on ${name}: ${v.id} ${v.nodes.map((n) => n.html.slice(0, 120)).join(" | ")}`);
      }
    }
  }
  expect([...new Set(problems)], visited.join("\n")).toEqual([]);
}

for (const walker of WALKERS) {
  for (const pass of [DESKTOP, PHONE]) {
    test(`the ${walker.name} opens every screen of their menu at ${pass.width} px in ${pass.language === "en" ? "English" : "Vietnamese"}`, async ({
      page,
    }) => {
      test.setTimeout(240_000);
      await walk(page, walker, pass);
    });
  }
}
