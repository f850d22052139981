// The return address after signing in again (issue 28): a crafted `next` on the sign-in page
// must never take the user who signs in to another site. Drives Debian's Chromium against a
// running server (its admin, ui/dist): for each crafted value it signs in as the demo owner,
// chooses the shop and checks that the page ends on this server's /admin and that no request
// went to the attacker's host. A plain admin path is followed (the control: the check can
// fail). Prints one JSON line; exits non-zero when a crafted address was followed.
//
// node reliability/return_url.mjs http://127.0.0.1:PORT   (attacks_access.py runs it)
import { chromium } from "@playwright/test";

const base = process.argv[2];
if (!base) {
  console.error("usage: node reliability/return_url.mjs <base url>");
  process.exit(2);
}
const EVIL = "evil.example";
const crafted = [
  `//${EVIL}`,
  `//${EVIL}/admin/orders`,
  `https://${EVIL}/`,
  `/\\${EVIL}`,
  `/%2F${EVIL}`,
  `\t//${EVIL}`,
  `/\t/${EVIL}`,
  `javascript:location='https://${EVIL}/'`,
  `https:${EVIL}`,
  `${base}@${EVIL}/`,
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--no-first-run"],
});
const followed = [];
let control = null;
try {
  const signInWith = async (next) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const toEvil = [];
    page.on("request", (request) => {
      if (new URL(request.url()).hostname.endsWith(EVIL)) toEvil.push(request.url());
    });
    await page.goto(`${base}/admin/auth/login?next=${encodeURIComponent(next)}`);
    await page.getByLabel("Email").fill("owner@storeloom.dev");
    await page.getByLabel("Password", { exact: true }).fill("storeloom");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("button", { name: /Demo Store/ }).first().click();
    // Settled: off the sign-in pages, wherever that is.
    await page.waitForURL((url) => !url.pathname.startsWith("/admin/auth/"), { timeout: 20_000 }).catch(() => {});
    await page.waitForLoadState("networkidle").catch(() => {});
    const landed = new URL(page.url());
    await context.close();
    return { landed, toEvil };
  };
  for (const next of crafted) {
    const { landed, toEvil } = await signInWith(next);
    const home = landed.origin === new URL(base).origin && landed.pathname.replace(/\/$/, "") === "/admin";
    if (!home || toEvil.length > 0) followed.push({ next, landed: landed.href, toEvil });
  }
  const { landed } = await signInWith("/orders/abandoned");
  control = landed.pathname;
} finally {
  await browser.close();
}
const ok = followed.length === 0 && control === "/admin/orders/abandoned";
console.log(JSON.stringify({ crafted: crafted.length, followed, control }));
process.exit(ok ? 0 : 1);
