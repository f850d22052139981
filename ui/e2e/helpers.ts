// Shared steps of the end-to-end tests: signing in through the page, and API sessions for
// setting up data through the real server's calls.
import { execFileSync } from "node:child_process";
import { type APIRequestContext, type Page, expect } from "@playwright/test";
import type { LoginResponse } from "../src/types/generated/LoginResponse";
import type { StorePage } from "../src/types/generated/StorePage";
import type { StoreSummary } from "../src/types/generated/StoreSummary";

export const OWNER = "owner@storeloom.dev";
export const SELLER = "seller@example.com";
export const PASSWORD = "storeloom";
/** The end-to-end server's `METRICS_TOKEN` (playwright.config.ts): the bearer the public port
 * serves `/metrics` to. */
export const METRICS_TOKEN = "e2e-metrics-token-0123456789";

/** The end-to-end server's port, and its origin (playwright.config.ts's `baseURL`). */
const PORT = Number(process.env.E2E_PORT ?? 8181);
const SERVER_ORIGIN = `http://127.0.0.1:${PORT}`;

/** How many sessions `enter` has written: each one's number. */
let sessions = 0;

/** Signs in as the login page and the shop choice would, without their screens (a second or two
 * of a browser's time each, in each of the suite's many sign-ins): the tokens from the login call,
 * the first of the user's shops whose name and address match `shop`, both kept where the admin
 * keeps its session; then opens `path` (the dashboard unless told), or the survey when the shop's
 * is unanswered, as the shop choice does. */
export async function enter(page: Page, email: string, shop: RegExp = /./, path = "/admin/") {
  const tokens = await login(page.request, email);
  const headers = { Authorization: `Bearer ${tokens.accessToken}` };
  let store: StoreSummary | undefined;
  for (let lastId = ""; !store;) {
    const listed = await page.request.get(`/api/users/stores${lastId ? `?lastId=${encodeURIComponent(lastId)}` : ""}`, { headers });
    expect(listed.ok(), `the shops of ${email}: ${listed.status()}`).toBeTruthy();
    const { stores, lastId: next } = (await listed.json()) as StorePage;
    store = stores.find((s) => shop.test(`${s.name} ${s.rDomain}`));
    if (!store && !next) throw new Error(`${email} has no shop matching ${shop}`);
    lastId = next ?? "";
  }
  const survey = await page.request.get("/api/stores/survey", { headers: { ...headers, "X-Store-Id": store.id } });
  const state = {
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    refreshExpiresAt: tokens.refreshTokenExpiresAt,
    storeId: store.id,
    storeName: store.name,
    storeDomain: store.storeDomain,
    rDomain: store.rDomain,
  };
  // Written by the next page of the server's origin before its scripts run, once: a later page
  // keeps whatever the admin has made of the session since (renewed tokens, a sign-out), and a
  // later sign-in's session (a higher number) wins over this one.
  sessions += 1;
  await page.addInitScript(
    ({ held, origin, seed }) => {
      if (location.origin !== origin || Number(sessionStorage.getItem("e2e.session") ?? 0) >= seed) return;
      sessionStorage.setItem("e2e.session", String(seed));
      localStorage.setItem("storeloom.session", JSON.stringify({ state: held, version: 0 }));
    },
    { held: state, origin: SERVER_ORIGIN, seed: sessions },
  );
  if (survey.ok()) await page.goto(path);
  else await page.goto(`/admin/auth/survey?${new URLSearchParams({ storeId: store.id, defaultSystemDomain: store.storeDomain })}`);
  await expect(page).not.toHaveURL(/\/admin\/auth\/(login|shop)/);
}

/** Signs in through the login page and picks the shop whose button matches `shop`: for the specs
 * whose subject is the sign-in and the shop choice themselves (where each user lands). */
export async function enterThroughPage(page: Page, email: string, shop: RegExp = /./) {
  await page.goto("/admin/auth/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  // The sign-in page's own buttons must not be taken for a shop: the shop choice first.
  await expect(page).toHaveURL(/\/admin\/auth\/shop/);
  // The shop choice lists 20 shops a page (a list of buttons), oldest first: the specs' new shops
  // come after the demo owner's first twenty, behind "Load more".
  const button = page.getByRole("listitem").getByRole("button", { name: shop }).first();
  const more = page.getByRole("button", { name: "Load more" });
  for (;;) {
    await expect(button.or(more).first()).toBeVisible();
    if (await button.isVisible()) break;
    const shown = await page.getByRole("button").count();
    await more.click();
    await expect.poll(() => page.getByRole("button").count()).toBeGreaterThan(shown);
  }
  await button.click();
  // Chosen: the admin (or the survey) opens, with the session and the store saved, so that a
  // spec's next `goto` finds them.
  await expect(page).not.toHaveURL(/\/admin\/auth\/shop/);
}

export interface ApiSession {
  accessToken: string;
  storeId: string;
}

/** The login call's answer. */
async function login(request: APIRequestContext, email: string): Promise<LoginResponse> {
  const answer = await request.post("/api/auth/login", { data: { email, password: PASSWORD } });
  expect(answer.ok(), `sign-in of ${email}: ${answer.status()}`).toBeTruthy();
  return (await answer.json()) as LoginResponse;
}

/** Signs in through the API (as a user with a store). */
export async function apiSession(request: APIRequestContext, email: string): Promise<ApiSession> {
  return (await login(request, email)) as ApiSession;
}

/** Calls the API as `session` in `storeId` (the session's own store when not given). */
export async function call<T>(
  request: APIRequestContext,
  session: ApiSession,
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  path: string,
  data?: unknown,
  storeId = session.storeId,
): Promise<T> {
  const response = await request.fetch(`/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${session.accessToken}`, "X-Store-Id": storeId },
    data,
  });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBeTruthy();
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** A new, empty store of the session's user, so a test can change it freely. Its first-run
 * survey is answered, so that choosing it opens the admin rather than the survey. */
export async function newStore(request: APIRequestContext, session: ApiSession, storeName: string): Promise<string> {
  const created = await call<{ id: string }>(request, session, "POST", "/users/create-store", { storeName });
  await call(request, session, "POST", "/stores/survey", { answers: { sell: "notSure" } }, created.id);
  return created.id;
}

/** Puts the store on a paid plan (test mode: nothing is charged), for a test that needs more than
 * the Free plan's one theme, 50 products or no staff. */
export async function choosePlan(request: APIRequestContext, session: ApiSession, storeId: string, planCode = "PLAN_SILVER_MONTHLY") {
  await call(request, session, "PUT", "/stores/subscription", { planCode }, storeId);
}

/** Console errors, uncaught exceptions, failed API answers and failed requests while a test
 * runs (a request the page cancelled itself, a query replaced by the next, is no failure). */
export function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`exception: ${error.message}`));
  page.on("response", (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  page.on("requestfailed", (request) => {
    if (request.failure()?.errorText !== "net::ERR_ABORTED") problems.push(`failed: ${request.url()} ${request.failure()?.errorText}`);
  });
  return problems;
}

/** The end-to-end server's own SQLite file (playwright.config.ts names it by port). */
export const TEST_DATABASE = `../target/e2e/storeloom-${PORT}.db`;

/** Runs SQL on the end-to-end server's database, for what a test cannot make through the API in
 * reasonable time (an hour passing, ten thousand orders): with the sqlite3 command, or Python's
 * sqlite3 module where the command is not installed. */
export function sqlInTestDatabase(sql: string) {
  try {
    execFileSync("sqlite3", ["-cmd", ".timeout 5000", TEST_DATABASE, sql]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    const script = "import sqlite3, sys\nc = sqlite3.connect(sys.argv[1], timeout=5)\nc.executescript(sys.argv[2])\nc.commit()";
    execFileSync("python3", ["-c", script, TEST_DATABASE, sql]);
  }
}

/** Nothing on the page is wider than `width` once the layout has come to rest: a page resized in
 * place moves the shell's drawer to its phone state with an animation, and the width measured
 * during it is the animation's; a layout that stays too wide still fails, with its width. */
export async function expectFitsWidth(page: Page, width: number, what = page.url()) {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `${what} at ${width} px` }).toBeLessThanOrEqual(width);
}

/** Headless Chromium names itself in its user agent and the storefront's beacons drop bots. */
export const SHOPPER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

/** A shopper puts one of the product `handle` in the cart of the store `subdomain`, then goes to its cart. */
export async function cartWithOne(shop: Page, subdomain: string, handle: string) {
  await shop.goto(`/s/${subdomain}/products/${handle}`);
  await shop.getByRole("button", { name: "Add to cart" }).first().click();
  await expect(shop.locator("[data-added]")).toBeVisible();
  await shop.goto(`/s/${subdomain}/cart`);
  // The shopper reads the cart before going on. Leaving while its lines load, headless Chromium
  // has shown the next page an empty cart (localStorage read in a new renderer process).
  await expect(shop.locator("[data-cart-view] [data-total]")).toBeVisible();
}

/** Ivy Lake's contact and Springfield address typed into the checkout key by key; `region` as she writes it. */
export async function typeIvysAddress(shop: Page, region: string) {
  await shop.getByLabel("E-mail").pressSequentially("ivy@example.com");
  await shop.locator('[name="shipping.name"]').pressSequentially("Ivy Lake");
  await shop.locator('[name="shipping.line1"]').pressSequentially("1 Main St");
  await shop.locator('[name="shipping.city"]').pressSequentially("Springfield");
  await shop.locator('[name="shipping.country"]').selectOption("US");
  await shop.locator('[name="shipping.region"]').pressSequentially(region);
  await shop.locator('[name="shipping.postcode"]').pressSequentially("62701");
  await shop.locator('[name="shipping.phone"]').pressSequentially("+1 217 555 0100");
}
