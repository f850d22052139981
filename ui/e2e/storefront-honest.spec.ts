// An honest default store: a shopper's walk through the Demo Store (home, a collection, product
// pages, the cart, a page) asks nothing of another host and has no failed request, the favicon
// included; no product without published reviews shows stars or a review count (that published
// ones show their average is server-rendered HTML: tests/api/storefront_honest.rs); the footer
// names the store; and the hoodie's Size and Colour are picked separately, a combination that
// is not made or is sold out being disabled.
import { type APIRequestContext, type Page, expect, test } from "@playwright/test";
import { OWNER, apiSession, call } from "./helpers";

// Headless Chromium names itself in its user agent and the ingest endpoint drops bots' events.
const SHOPPER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";
test.use({ userAgent: SHOPPER_AGENT });

interface Review {
  productId: string;
  published: boolean;
}
interface Records<T> {
  records: { id: string; data: T }[];
}

/** Every request the page makes: one to another host, one that fails or an error answer is a
 * problem (a request the page cancelled itself, an image left behind by a navigation, is not). */
function guard(page: Page, origin: string): string[] {
  const problems: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if ((url.protocol === "http:" || url.protocol === "https:") && url.origin !== origin) {
      problems.push(`another host: ${request.method()} ${request.url()}`);
    }
  });
  page.on("requestfailed", (request) => {
    if (request.failure()?.errorText !== "net::ERR_ABORTED") problems.push(`failed: ${request.url()} ${request.failure()?.errorText}`);
  });
  page.on("response", (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  return problems;
}

/** Opens a storefront page and lets every picture, font and script below the fold load too. */
async function visit(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState("networkidle");
}

/** The ids of the demo products with a published review, while the reviews app is on. */
async function reviewed(request: APIRequestContext): Promise<Set<string>> {
  const session = await apiSession(request, OWNER);
  const apps = await call<{ enabled: string[] }>(request, session, "GET", "/stores/apps/switches");
  if (!apps.enabled.includes("product-review")) return new Set();
  const reviews = await call<Records<Review>>(request, session, "GET", "/stores/apps/product-reviews?limit=250");
  return new Set(reviews.records.filter((r) => r.data.published).map((r) => r.data.productId));
}

async function productId(request: APIRequestContext, handle: string): Promise<string> {
  const response = await request.get(`/api/public/stores/demo/products/${handle}`);
  expect(response.ok()).toBeTruthy();
  const body = (await response.json()) as { id?: string; product?: { id: string } };
  return body.product?.id ?? body.id ?? "";
}

/** A product page shows stars and a count only when the product has published reviews. */
async function expectNoInventedRating(page: Page, withReviews: boolean) {
  if (withReviews) return;
  await expect(page.locator(".rating")).toHaveCount(0);
  await expect(page.locator("main")).not.toContainText(/\(\d[\d,]* reviews?\)/);
}

test("a shopper's walk asks nothing of another host, fails no request and shows no invented rating", async ({ page, request, baseURL }) => {
  test.setTimeout(60_000);
  const origin = new URL(baseURL ?? "http://127.0.0.1").origin;
  const problems = guard(page, origin);
  const withReviews = await reviewed(request);

  await visit(page, "/s/demo/");
  await expect(page.locator("body")).toHaveClass(/page-home/);
  const footer = page.locator(".site-footer");
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Demo Store`);
  await expect(footer).not.toContainText(/Acme|000000000|Phone/);
  await expect(page.locator("main")).not.toContainText(/10,000|Loved by/);
  // The theme's fonts are the server's own: the font files the page loaded.
  const fonts = await page.evaluate(async () => {
    await document.fonts.ready;
    return performance
      .getEntriesByType("resource")
      .map((e) => e.name)
      .filter((name) => name.endsWith(".woff2"));
  });
  expect(fonts.length).toBeGreaterThan(0);
  for (const font of fonts) expect(new URL(font).origin).toBe(origin);
  // The favicon the page names is served.
  const icon = await page.locator("link[rel=icon]").getAttribute("href");
  expect(icon).toBe("/s/demo/favicon.ico");
  const favicon = await page.request.get(icon ?? "");
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()["content-type"]).toBe("image/x-icon");

  await visit(page, "/s/demo/collections/best-sellers");
  await expect(page.locator("body")).toHaveClass(/page-collection/);
  await page.locator("main a.card").first().click();
  await page.waitForLoadState("networkidle");
  await expect(page.locator("body")).toHaveClass(/page-product/);
  const firstHandle = new URL(page.url()).pathname.split("/").pop() ?? "";
  await expectNoInventedRating(page, withReviews.has(await productId(request, firstHandle)));

  for (const handle of ["classic-shirt", "classic-hoodie"]) {
    await visit(page, `/s/demo/products/${handle}`);
    await expectNoInventedRating(page, withReviews.has(await productId(request, handle)));
  }
  await page.getByRole("button", { name: "Add to cart" }).first().click();
  await expect(page.locator("[data-added]")).toBeVisible();

  await visit(page, "/s/demo/cart");
  await expect(page.locator(".line").first()).toBeVisible();
  await visit(page, "/s/demo/pages/about-us");
  await expect(page.getByRole("heading", { name: "About us" })).toBeVisible();

  expect(problems).toEqual([]);
});

test("the hoodie's size and colour are picked separately and a combination that cannot be bought is disabled", async ({ page, baseURL }) => {
  const problems = guard(page, new URL(baseURL ?? "http://127.0.0.1").origin);
  await visit(page, "/s/demo/products/classic-hoodie");
  const size = page.getByRole("group", { name: "Size" });
  const colour = page.getByRole("group", { name: "Colour" });
  await expect(size.getByRole("radio")).toHaveCount(3);
  await expect(colour.getByRole("radio")).toHaveCount(3);

  // L is not made in Sand.
  await size.getByRole("radio", { name: "L", exact: true }).check();
  await expect(size.getByRole("radio", { name: "L", exact: true })).toBeChecked();
  await expect(colour.getByRole("radio", { name: "Sand" })).toBeDisabled();
  await expect(colour.getByRole("radio", { name: "White" })).toBeEnabled();
  await colour.getByRole("radio", { name: "White" }).check();
  await expect(colour.getByRole("radio", { name: "White" })).toBeChecked();

  // M in White is sold out: choosing M moves the colour to one that M has in stock.
  await size.getByRole("radio", { name: "M", exact: true }).check();
  await expect(colour.getByRole("radio", { name: "White" })).toBeDisabled();
  await expect(colour.getByRole("radio", { name: "White" })).not.toBeChecked();
  await colour.getByRole("radio", { name: "Sand" }).check();
  await expect(size.getByRole("radio", { name: "M", exact: true })).toBeChecked();
  await expect(colour.getByRole("radio", { name: "Sand" })).toBeChecked();

  // The chosen variant is M / Sand: it goes into the cart.
  await expect(page.getByRole("button", { name: "Add to cart" }).first()).toBeEnabled();
  await page.getByRole("button", { name: "Add to cart" }).first().click();
  await expect(page.locator("[data-added]")).toBeVisible();
  const cart = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith("sl-cart:"));
    return key ? localStorage.getItem(key) : null;
  });
  const hoodie = (await (await page.request.get("/api/public/stores/demo/products/classic-hoodie")).json()) as {
    variants?: { id: string; title: string }[];
    product?: { variants: { id: string; title: string }[] };
  };
  const variants = hoodie.product?.variants ?? hoodie.variants ?? [];
  const mSand = variants.find((v) => v.title === "M / Sand");
  expect(mSand).toBeTruthy();
  expect(cart ?? "").toContain(mSand?.id ?? "none");

  expect(problems).toEqual([]);
});

test("the checkout's city, region and postcode each stand under their label, on a computer and a phone", async ({ page }) => {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/s/demo/products/classic-shirt");
    await page.getByRole("button", { name: "Add to cart" }).first().click();
    await expect(page.locator("[data-added]")).toBeVisible();
    await page.goto("/s/demo/checkout");
    for (const name of ["City", "State / province", "Postcode"]) {
      const input = page.getByLabel(name, { exact: true }).first();
      const label = page.locator(`label[for="${await input.getAttribute("id")}"]`);
      const [l, i] = [await label.boundingBox(), await input.boundingBox()];
      if (!l || !i) throw new Error(`${name} is not shown at ${width} px`);
      // The label above its input, aligned with it, and the input as wide as its cell.
      expect(l.y + l.height).toBeLessThanOrEqual(i.y + 1);
      expect(Math.abs(l.x - i.x)).toBeLessThan(2);
      expect(i.width).toBeGreaterThanOrEqual(140);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
});
