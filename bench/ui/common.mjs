// What the browser benchmarks share: their command-line options, the nearest-rank percentile,
// Debian's Chromium with the flags this machine needs, and signing in as a demo user.
import { writeFileSync } from "node:fs";
import { chromium } from "@playwright/test";

const args = process.argv.slice(2);

/** The value after `--name` on the command line, else `fallback`. */
export function option(name, fallback) {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] ? args[at + 1] : fallback;
}

/** The server's address (`--url`, else STORELOOM_URL), without a trailing slash. */
export const base = option("url", process.env.STORELOOM_URL ?? "http://127.0.0.1:8080").replace(/\/$/, "");
export const email = option("email", "owner@storeloom.dev");
export const password = option("password", "storeloom");

/** The nearest-rank percentile `p` of ascending `sorted`. */
export function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** p50, p95 and max of `values` (ms), for the `--json` result. */
export function summary(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1), n: sorted.length };
}

/** Writes `result` as JSON to the file named by `--json`, when there is one (`npm run bench`). */
export function writeResult(result) {
  const file = option("json", "");
  if (file) writeFileSync(file, JSON.stringify(result, null, 2));
}

/** The flags Debian's Chromium needs on this machine (no sandbox as root, no calls out). */
export const CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
  "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"];

export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: CHROMIUM_FLAGS,
  });
}

/** Signs in through the login page (of the server at `at`) and chooses the Demo Store. */
export async function signIn(page, at = base) {
  await page.goto(`${at}/admin/auth/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("button", { name: /Demo Store/ }).first().click();
  await page.waitForURL((url) => !url.pathname.startsWith("/admin/auth"));
}
