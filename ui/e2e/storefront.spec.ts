// The storefront against the real server: every section type of both families, a shopper's
// visit from the home page to a paid order (seen by the admin and the analytics), the editor's
// preview protocol, and screenshots at phone and desktop widths.
import { readFileSync } from "node:fs";
import { type APIRequestContext, type Page, expect, test } from "@playwright/test";
import type { Theme } from "../src/types/generated/Theme";
import type { ThemePreviewLink } from "../src/types/generated/ThemePreviewLink";
import { OWNER, apiSession, call } from "./helpers";

const SHOTS = "e2e/screenshots";
// Headless Chromium names itself in its user agent and the ingest endpoint drops bots' events.
const SHOPPER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";
test.use({ userAgent: SHOPPER_AGENT });

interface Section {
  type: string;
  settings?: Record<string, unknown>;
}
interface Config {
  pages: { fixed: { sections: Record<string, Section> }; homepage: { sections: Record<string, Section> } };
  settings?: { colors?: Record<string, string> };
}
const FIXTURES: Record<"default" | "fashion", Config> = {
  default: JSON.parse(readFileSync("../core-wasm/tests/fixtures/hydro.json", "utf8")) as Config,
  fashion: JSON.parse(readFileSync("../core-wasm/tests/fixtures/newchick.json", "utf8")) as Config,
};

interface Funnel {
  vistors: { value: number };
  view_content: { value: number };
  add_to_cart: { value: number };
  reached_checkout: { value: number };
  session_converted: { value: number };
}
interface Overview {
  current: { conversion: Funnel };
}

/** The editor's signed preview token for the demo store's theme of `family`: what the editor's
 * frame carries (without it the storefront shows only the published theme). */
async function previewToken(request: APIRequestContext, family: "default" | "fashion"): Promise<string> {
  const owner = await apiSession(request, OWNER);
  const themes = await call<Theme[]>(request, owner, "GET", "/stores/onlinestore/themes");
  const theme = themes.find((t) => t.family === (family === "default" ? "hydro" : "newchick"))!;
  return (await call<ThemePreviewLink>(request, owner, "POST", `/stores/onlinestore/themes/${theme.id}/preview`)).token;
}

test("every section type of both families renders from the template configs", async ({ page, request }) => {
  for (const family of ["default", "fashion"] as const) {
    await page.goto(`/s/demo/?nocache=1&theme=${family}&preview=${await previewToken(request, family)}`);
    await expect(page.locator("body")).toHaveClass(family === "default" ? /fam-hydro/ : /fam-newchick/);
    const config = FIXTURES[family];
    const sections = [...Object.values(config.pages.fixed.sections), ...Object.values(config.pages.homepage.sections)];
    expect(sections.length).toBeGreaterThan(8);
    for (const section of sections) {
      await expect(page.locator(`[data-section-type="${section.type}"]`).first(), `${family} ${section.type}`).toBeAttached();
    }
    // The slideshow has separate desktop and mobile slides; the flash deal counts down.
    await expect(page.locator(".slides-d .slide").first()).toBeAttached();
    await expect(page.locator(".slides-m .slide").first()).toBeAttached();
    if (family === "fashion") {
      const seconds = page.locator("[data-countdown] [data-s]").first();
      const first = await seconds.textContent();
      await expect.poll(async () => seconds.textContent(), { timeout: 3000 }).not.toBe(first);
    }
  }
});

/** The Overview's funnel, with the test orders' conversions (the demo store is in test mode). */
async function funnel(request: Parameters<typeof apiSession>[0]): Promise<Funnel> {
  const session = await apiSession(request, OWNER);
  const overview = await call<Overview>(request, session, "GET", "/stores/analytics/overview?testOrders=include");
  return overview.current.conversion;
}

test("a shopper buys: home, product, cart, checkout, thank-you; the admin and the analytics see it", async ({ page, request }) => {
  const session = await apiSession(request, OWNER);
  const before = await call<{ total_orders: number; total_sales: number }>(request, session, "GET", "/stores/dashboard/totals");
  const funnelBefore = await funnel(request);

  await page.goto("/s/demo/");
  await page.locator("[data-section-type=featured-collection] a.card").first().click();
  await expect(page.locator("body")).toHaveClass(/page-product/);
  const title = (await page.locator("h1.p-title").textContent())?.trim() ?? "";
  const chip = page.locator(".chip:not(.out) input").first();
  if (await chip.count()) await chip.check();
  await page.getByRole("button", { name: "Add to cart" }).first().click();
  await expect(page.locator("[data-added]")).toBeVisible();
  await expect(page.locator("[data-cart-count]").first()).toHaveText("1");
  await page.locator("[data-added] a").click();

  await expect(page.locator(".line")).toHaveCount(1);
  await expect(page.locator(".line")).toContainText(title);
  await page.getByRole("button", { name: "More" }).click();
  await expect(page.locator(".line [aria-label=Quantity]")).toHaveText("2");
  await page.getByRole("link", { name: "Check out" }).click();

  await expect(page.locator("[data-summary] .line")).toHaveCount(1);
  await page.getByRole("button", { name: "Pay now" }).click();
  await expect(page.getByRole("alert")).toContainText("Check the highlighted fields");
  await page.getByLabel("E-mail").fill("shopper@example.com");
  // The shipping address (the billing one is the same, its fields hidden).
  await page.locator('[name="shipping.name"]').fill("Sam Shopper");
  await page.locator('[name="shipping.line1"]').fill("12 Hang Bac");
  await page.locator('[name="shipping.city"]').fill("Hanoi");
  await page.locator('[name="shipping.postcode"]').fill("100000");
  await page.locator('[name="shipping.country"]').selectOption("VN");
  await page.locator('[name="shipping.phone"]').fill("+84 24 3825 0000");
  await page.getByRole("button", { name: "Pay now" }).click();

  await expect(page.getByRole("heading", { name: /Thank you, Sam/ })).toBeVisible();
  const orderName = (await page.locator("[data-order-name]").textContent())?.trim() ?? "";
  expect(orderName).toMatch(/^#\d+$/);

  // The demo store is in test mode: the admin's orders list it as a paid test order, which the
  // dashboard leaves out.
  const orders = await call<{ orders: { orderName: string; financialStatus: string; test: boolean }[] }>(request, session, "GET", "/stores/orders");
  const order = orders.orders.find((o) => o.orderName === orderName);
  expect(order?.financialStatus).toBe("paid");
  expect(order?.test).toBe(true);
  const after = await call<{ total_orders: number; total_sales: number }>(request, session, "GET", "/stores/dashboard/totals");
  expect(after.total_orders).toBe(before.total_orders);
  expect(after.total_sales).toBe(before.total_sales);

  // The beacons arrived and the server recorded the (test) conversion: every step rose.
  await expect
    .poll(
      async () => {
        const now = await funnel(request);
        return [
          now.vistors.value > funnelBefore.vistors.value,
          now.view_content.value > funnelBefore.view_content.value,
          now.add_to_cart.value > funnelBefore.add_to_cart.value,
          now.reached_checkout.value > funnelBefore.reached_checkout.value,
          now.session_converted.value > funnelBefore.session_converted.value,
        ];
      },
      { timeout: 10_000 },
    )
    .toEqual([true, true, true, true, true]);

  // The cart is empty again.
  await page.goto("/s/demo/cart");
  await expect(page.getByText("Your cart is empty.")).toBeVisible();
});

/** A page on the admin's origin with the storefront preview in a frame; messages are recorded. */
async function openPreview(page: Page, request: APIRequestContext) {
  const token = await previewToken(request, "default");
  await page.goto("/api/health");
  await page.evaluate((token) => {
    const w = window as unknown as { messages: unknown[] };
    w.messages = [];
    window.addEventListener("message", (e) => {
      if (e.origin === location.origin) w.messages.push(e.data);
    });
    document.body.innerHTML = "";
    const frame = document.createElement("iframe");
    frame.id = "preview";
    frame.style.width = "1200px";
    frame.style.height = "800px";
    frame.src = `/s/demo/?nocache=123&theme=default&preview=${token}`;
    document.body.appendChild(frame);
  }, token);
  await expect.poll(() => messages(page)).toContainEqual({ type: "storeloom:ready", page: "homepage" });
  return page.frameLocator("#preview");
}

async function messages(page: Page): Promise<unknown[]> {
  return page.evaluate(() => (window as unknown as { messages: unknown[] }).messages);
}

test("the preview follows posted configs without reloading, ignores other origins and reports clicks", async ({ page, request }) => {
  const frame = await openPreview(page, request);
  await expect(frame.locator("[data-section-key=header]")).toBeVisible();
  // A mark that a reload would wipe.
  await page.evaluate(() => {
    const f = document.getElementById("preview") as HTMLIFrameElement;
    (f.contentWindow as unknown as { mark: number }).mark = 42;
  });
  const theme = (await (await request.get("/api/public/stores/demo/theme")).json()) as { config: Config };
  const config = theme.config;
  const review = config.pages.homepage.sections["product-review-1"]!;
  review.settings = { ...review.settings, body_html: "<p>Edited live in the editor</p>" };
  await page.evaluate((cfg) => {
    const f = document.getElementById("preview") as HTMLIFrameElement;
    f.contentWindow!.postMessage({ type: "storeloom:config", config: cfg, seq: 7 }, location.origin);
  }, config);
  await expect.poll(() => messages(page)).toContainEqual(expect.objectContaining({ type: "storeloom:rendered", seq: 7 }));
  await expect(frame.getByText("Edited live in the editor")).toBeVisible();
  const mark = await page.evaluate(() => {
    const f = document.getElementById("preview") as HTMLIFrameElement;
    return (f.contentWindow as unknown as { mark?: number }).mark;
  });
  expect(mark).toBe(42);

  // Each answer names the document it rendered (its fingerprint: the frame's copy).
  expect(((await messages(page)) as { type?: string; fingerprint?: unknown }[]).find((m) => m.type === "storeloom:rendered")?.fingerprint).toMatch(
    /^[0-9a-f]{16}$/,
  );

  // A config that names the only home sections it changed (the editor's hint): those alone are
  // rendered again; the others stay the very elements they were. Without names, the whole page.
  const post = (cfg: Config, seq: number, change?: { sections: string[]; style: boolean }) =>
    page.evaluate(
      ({ cfg, seq, change }) => {
        const f = document.getElementById("preview") as HTMLIFrameElement;
        f.contentWindow!.postMessage({ type: "storeloom:config", configJson: JSON.stringify(cfg), seq, ...change }, location.origin);
      },
      { cfg, seq, change },
    );
  const untouched = frame.locator("[data-section-key=key-features-1]");
  const marked = () => untouched.evaluate((el) => (el as unknown as { mark?: number }).mark ?? null);
  await untouched.evaluate((el) => void ((el as unknown as { mark: number }).mark = 7));
  review.settings = { ...review.settings, body_html: "<p>Only this section again</p>" };
  await post(config, 8, { sections: ["product-review-1"], style: false });
  await expect.poll(() => messages(page)).toContainEqual(expect.objectContaining({ type: "storeloom:rendered", seq: 8 }));
  await expect(frame.getByText("Only this section again")).toBeVisible();
  expect(await marked()).toBe(7);
  // A colour alone: the stylesheet changes, no section is drawn again.
  config.settings = { ...config.settings, colors: { ...config.settings?.colors, color_buy_now: "#0a0b0c" } };
  await post(config, 10, { sections: [], style: true });
  await expect.poll(() => messages(page)).toContainEqual(expect.objectContaining({ type: "storeloom:rendered", seq: 10 }));
  expect(await frame.locator("#sl-theme").evaluate((el) => el.textContent)).toContain("--c-buy:#0a0b0c");
  expect(await marked()).toBe(7);
  // The header alone (a section of every page).
  const header = config.pages.fixed.sections["header"]!;
  header.settings = { ...header.settings, show_top_bar: true, text_topbar: "Free returns this week" };
  await post(config, 11, { sections: ["header"], style: false });
  await expect.poll(() => messages(page)).toContainEqual(expect.objectContaining({ type: "storeloom:rendered", seq: 11 }));
  await expect(frame.locator("[data-section-key=header]").getByText("Free returns this week")).toBeVisible();
  expect(await marked()).toBe(7);
  review.settings = { ...review.settings, body_html: "<p>The whole page again</p>" };
  await post(config, 9);
  await expect.poll(() => messages(page)).toContainEqual(expect.objectContaining({ type: "storeloom:rendered", seq: 9 }));
  await expect(frame.getByText("The whole page again")).toBeVisible();
  expect(await marked()).toBeNull();

  // A message from another origin (a sandboxed frame has an opaque one) changes nothing.
  await page.evaluate((cfg) => {
    const changed = JSON.parse(JSON.stringify(cfg)) as Config;
    changed.pages.homepage.sections["product-review-1"]!.settings = { body_html: "<p>Forged by a stranger</p>" };
    const stranger = document.createElement("iframe");
    stranger.setAttribute("sandbox", "allow-scripts");
    stranger.srcdoc = `<script>parent.frames[0].postMessage(${JSON.stringify({ type: "storeloom:config", config: changed, seq: 99 })}, "*");</script>`;
    document.body.appendChild(stranger);
  }, config);
  await page.waitForTimeout(1500);
  await expect(frame.getByText("Forged by a stranger")).toHaveCount(0);
  expect(await messages(page)).not.toContainEqual(expect.objectContaining({ type: "storeloom:rendered", seq: 99 }));

  // A click on a section is reported with its key, and a link does not navigate.
  await frame.locator("[data-section-key=key-features-1] a").first().click();
  await expect.poll(() => messages(page)).toContainEqual({ type: "storeloom:select", section: "key-features-1", page: "homepage" });
  await expect(frame.locator("[data-section-key=key-features-1]")).toBeVisible();

  // Another page by message, still without a reload.
  await page.evaluate(() => {
    const f = document.getElementById("preview") as HTMLIFrameElement;
    f.contentWindow!.postMessage({ type: "storeloom:page", page: "product" }, location.origin);
  });
  await expect(frame.locator("body")).toHaveClass(/page-product/);
  await expect(frame.locator("[data-add]")).toBeVisible();
});

test("screenshots of home, product, cart and checkout in both families at 375 and 1280 px", async ({ page, request }) => {
  test.setTimeout(90_000);
  await page.goto("/s/demo/collections/all");
  const productHref = await page.locator("a.card").first().getAttribute("href");
  for (const family of ["default", "fashion"] as const) {
    const q = `?nocache=shot&theme=${family}&preview=${await previewToken(request, family)}`;
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await page.goto(`/s/demo/${q}`);
      await page.evaluate(() => {
        for (const name of ["discount", "welcome", "subscribe"]) localStorage.setItem(`sl-popup:${name}`, "1");
      });
      await page.goto(`/s/demo/${q}`);
      if (width === 1280) {
        // A shopper's screen lays out what comes near as it scrolls (content-visibility); the
        // whole page in one picture is laid out at once, as it is printed.
        await page.addStyleTag({ content: ".main>.sec,.products>.card{content-visibility:visible!important}" });
      }
      await page.screenshot({ path: `${SHOTS}/storefront-${family}-home-${width}.png`, fullPage: width === 1280 });
      await page.goto(`${productHref}${q}`);
      const chip = page.locator(".chip:not(.out) input").first();
      if (await chip.count()) await chip.check();
      await page.screenshot({ path: `${SHOTS}/storefront-${family}-product-${width}.png` });
      if (family === "default" && width === 375) {
        await page.getByRole("button", { name: "Add to cart" }).first().click();
      }
      await page.goto(`/s/demo/cart${q}`);
      await expect(page.locator(".line").first()).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/storefront-${family}-cart-${width}.png` });
      await page.goto(`/s/demo/checkout${q}`);
      await expect(page.locator("[data-summary] .line").first()).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/storefront-${family}-checkout-${width}.png` });
    }
  }
});
