// A full edit in the theme editor, in Chromium, on a ~200 KB config: the time from the Enter key
// that commits a section's text field to the live preview answering that it has rendered the change
// (`storeloom:rendered` with the config's sequence number). It covers the core's mutation in
// WebAssembly, React's render, the config's trip to the preview frame, the storefront's render
// of the posted config and the frame putting it in place.
//
// The script grows a theme of the demo owner's store to about 200 KB (copies of its largest
// homepage section, saved through the config API with If-Match), opens the editor on it, and
// sets a section's text field again and again (a new text, then Enter), waiting for each render.
//
// Run against a running server with the demo data and the built UI (see bench/ui/README.md):
//   node bench/ui/editor.mjs [--url http://127.0.0.1:8080] [--edits 40] [--bytes 200000]
// It prints figures; it asserts nothing.
import { base, email, launch, option, password, percentile, signIn, summary, writeResult } from "./common.mjs";

const edits = Math.max(20, Number(option("edits", "40")));
const targetBytes = Number(option("bytes", String(200 * 1024)));
const goalMs = 50;

async function json(response, what) {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** Grows the first theme's config to `targetBytes` and answers the theme and its size. */
async function bigTheme() {
  const login = await json(
    await fetch(`${base}/api/auth/login`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email, password }) }),
    "login",
  );
  const headers = { Authorization: `Bearer ${login.accessToken}`, "X-Store-Id": login.storeId, "Content-Type": "application/json" };
  const themes = await json(await fetch(`${base}/api/stores/onlinestore/themes`, { headers }), "themes");
  const theme = themes.find((t) => t.name === "Editor bench") ?? themes[0];
  const [record] = await json(await fetch(`${base}/api/stores/onlinestore/themes/${theme.id}/config`, { headers }), "config");
  const config = record.config;
  const sections = config.pages.homepage.sections;
  let size = JSON.stringify(config).length;
  if (size < targetBytes) {
    const [, template] = Object.entries(sections).sort((a, b) => JSON.stringify(b[1]).length - JSON.stringify(a[1]).length)[0];
    let index = Math.max(...Object.values(sections).map((s) => s.index ?? 0)) + 1;
    while (size < targetBytes) {
      const key = `${template.type}-${900 + index}`;
      sections[key] = { ...structuredClone(template), key, index };
      index += 1;
      size = JSON.stringify(config).length;
    }
    await json(
      await fetch(`${base}/api/stores/onlinestore/themes/${theme.id}/config/${record.id}`, {
        method: "PUT",
        headers: { ...headers, "If-Match": String(record.version) },
        body: JSON.stringify(config),
      }),
      "save the grown config",
    );
  }
  return { theme, size };
}

const { theme, size } = await bigTheme();
const browser = await launch();
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  // Both ends are taken in the admin's page: the key's keydown, and the preview's answer.
  await page.addInitScript(() => {
    // Times on one clock across the admin and the preview frame (each has its own time origin).
    const now = () => performance.timeOrigin + performance.now();
    window.__keys = [];
    window.__rendered = [];
    window.__configs = [];
    document.addEventListener("keydown", () => window.__keys.push(now()), true);
    window.addEventListener("message", (event) => {
      if (event.data?.type === "storeloom:rendered") window.__rendered.push({ at: now(), seq: event.data.seq });
      // In the preview frame: when the admin's config arrived.
      if (event.data?.type === "storeloom:config") window.__configs.push(now());
    });
  });
  await signIn(page);
  await page.goto(`${base}/admin/online-store/themes/${theme.id}/editor`);
  await page.getByTestId("preview-frame").and(page.locator("[data-ready=true]")).waitFor({ timeout: 60_000 });
  await page.waitForFunction(() => window.__rendered.length > 0, null, { timeout: 30_000 });

  // The first homepage section with a one-line text field.
  const rows = page.getByTestId("section-row");
  const count = await rows.count();
  let field = null;
  for (let i = 1; i < count && !field; i += 1) {
    await rows.nth(i).click();
    const input = page.locator("input.mantine-TextInput-input:not([inputmode]):visible").first();
    if (await input.count()) field = input;
    else await page.getByRole("button", { name: "Back to the list" }).click();
  }
  if (!field) throw new Error("no section with a text field");
  const original = await field.inputValue();

  const frame = page.frames().find((f) => f !== page.mainFrame());
  const latencies = [];
  const parts = { send: [], request: [], swap: [] };
  for (let i = 0; i < edits; i += 1) {
    // A text field takes its value when Enter is pressed (or it loses focus): that key is the edit.
    await field.fill(`${original} ${i}`);
    const before = await page.evaluate(() => ({ keys: window.__keys.length, rendered: window.__rendered.length }));
    await field.press("Enter");
    await page.waitForFunction((n) => window.__rendered.length > n, before.rendered, { timeout: 30_000 });
    // Let a render of an older sequence pass; take the first one after this key.
    await page.waitForTimeout(30);
    const { key, rendered } = await page.evaluate((n) => ({ key: window.__keys[n.keys], rendered: window.__rendered.at(-1).at }), before);
    latencies.push(rendered - key);
    // Where the time went: the admin (core, React, the config posted to the frame), the
    // storefront's render request, and the frame putting the answer in place.
    const inFrame = await frame.evaluate(() => {
      const request = performance.getEntriesByType("resource").filter((e) => e.name.includes("_preview")).at(-1);
      return { config: window.__configs.at(-1), start: performance.timeOrigin + request.startTime, end: performance.timeOrigin + request.responseEnd };
    });
    parts.send.push(inFrame.config - key);
    parts.request.push(inFrame.end - inFrame.start);
    parts.swap.push(rendered - inFrame.end);
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  console.log(`Theme editor in Chromium, ${edits} text edits on a ${(size / 1024).toFixed(0)} KB config against ${base}:`);
  console.log(
    `  Enter pressed -> preview rendered        p50 ${percentile(sorted, 50).toFixed(1)} ms   p95 ${percentile(sorted, 95).toFixed(1)} ms   max ${sorted.at(-1).toFixed(1)} ms`,
  );
  for (const [name, values] of [["Enter -> config in the preview frame", parts.send], ["the preview's render request", parts.request], ["answer -> rendered in the frame", parts.swap]]) {
    const part = [...values].sort((a, b) => a - b);
    console.log(`    ${name.padEnd(38)} p50 ${percentile(part, 50).toFixed(1)} ms   p95 ${percentile(part, 95).toFixed(1)} ms`);
  }
  console.log(`  goal: p95 <= ${goalMs} ms: ${percentile(sorted, 95) <= goalMs ? "met" : "not met"}`);
  writeResult({
    bytes: size,
    edits,
    total: summary(latencies),
    send: summary(parts.send),
    request: summary(parts.request),
    swap: summary(parts.swap),
    goalMs,
  });
} finally {
  await browser.close();
}
