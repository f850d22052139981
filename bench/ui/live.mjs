// Live co-editing, in Chromium (issue 47): a character typed by one editor of a theme to the
// other editor's preview painted. Two browser contexts signed in as the demo owner (two editors,
// each its own live client) open the same theme, each on a server given by the command line:
// one process (both on `--url`), or two processes on one PostgreSQL (`--url` and `--url2`), where
// the command reaches the second process through the database's notification.
//
// For each character typed into a home section's heading in the first editor: from its keydown
// (the first editor's clock) to the first animation frame after the second editor's preview frame
// shows the text (its clock: both pages share the machine's, through `performance.timeOrigin`).
// The path is the whole of it: the first editor's core, its POST of the command, the server's
// check and numbering, the stream to the second editor (the database's notification between two
// processes), the second editor's rebase in its core, its preview frame's run and render.
// Its floor in the same run: the same character to the first editor's own preview painted.
//
// Run against running servers with the demo data and the built UI (see bench/ui/README.md):
//   node bench/ui/live.mjs [--url http://127.0.0.1:8080] [--url2 URL] [--edits 40]
// It prints figures; it asserts nothing.
import { base, email, launch, option, password, signIn, summary, writeResult } from "./common.mjs";

const edits = Math.max(10, Number(option("edits", "40")));
const second = option("url2", base).replace(/\/$/, "");
// A person typing: about 150 ms between keys, so each character's trip ends before the next.
const delayMs = 150;
const SECTION = "collection-list-1";
const typed = "Qzlivebenchabcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ".slice(0, edits + 2);

/** Records, in the preview frame of `page`, when each prefix of `typed` is first painted. */
async function watchFrame(page) {
  const frame = page.frames().find((f) => f.url().includes("/s/"));
  if (!frame) throw new Error("no preview frame");
  await frame.evaluate(
    ({ typed, section }) => {
      const painted = [];
      window.__painted = painted;
      const check = () => {
        const el = document.querySelector(`[data-section-key="${section}"]`);
        const text = el ? el.textContent : "";
        let n = painted.length;
        while (n < typed.length && text.includes(typed.slice(0, n + 1))) n += 1;
        if (n === painted.length) return;
        requestAnimationFrame(() => {
          const at = performance.timeOrigin + performance.now();
          while (painted.length < n) painted.push(at);
        });
      };
      // A prefix shown before any typing (a "Q" elsewhere in the section) cannot be timed.
      const el = document.querySelector(`[data-section-key="${section}"]`);
      const before = el ? el.textContent : "";
      while (painted.length < typed.length && before.includes(typed.slice(0, painted.length + 1))) painted.push(null);
      new MutationObserver(check).observe(document.documentElement, { subtree: true, childList: true, characterData: true });
    },
    { typed, section: SECTION },
  );
  return () => frame.evaluate(() => window.__painted.slice());
}

async function openEditor(page, at, themeId) {
  await page.goto(`${at}/admin/online-store/themes/${themeId}/editor`);
  await page.getByRole("tab", { name: "Sections" }).waitFor({ timeout: 30_000 });
  await page.locator('[data-testid="preview-frame"][data-ready="true"]').waitFor({ timeout: 30_000 });
}

const browser = await launch();
try {
  const [one, two] = [await browser.newContext(), await browser.newContext()];
  const [a, b] = [await one.newPage(), await two.newPage()];
  await signIn(a, base);
  await signIn(b, second);
  const login = await (
    await fetch(`${base}/api/auth/login`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email, password }) })
  ).json();
  const themes = await (
    await fetch(`${base}/api/stores/onlinestore/themes`, { headers: { authorization: `Bearer ${login.accessToken}`, "x-store-id": login.storeId } })
  ).json();
  const theme = themes.find((t) => t.family === "hydro");
  await openEditor(a, base, theme.id);
  await openEditor(b, second, theme.id);
  await a.getByRole("button", { name: /^Edit Collection list/ }).click();
  const heading = a.getByRole("textbox", { name: "Heading", exact: true }).first();
  await heading.click();
  await heading.press("Control+A");
  await heading.press("Delete");
  const remote = await watchFrame(b);
  const own = await watchFrame(a);
  await a.evaluate(() => {
    window.__keys = [];
    // The typed characters only (Shift makes a keydown of its own).
    document.addEventListener("keydown", (e) => e.key.length === 1 && window.__keys.push(performance.timeOrigin + e.timeStamp), true);
  });
  for (const ch of typed) {
    await heading.press(ch === ch.toUpperCase() && /[A-Z]/.test(ch) ? `Shift+${ch}` : ch);
    await a.waitForTimeout(delayMs);
  }
  await a.waitForTimeout(1000);
  const keys = (await a.evaluate(() => window.__keys)).filter((_, i, all) => i < all.length);
  const [theirs, mine] = [await remote(), await own()];
  // The first two characters warm up (the stream, the frame's first render of the section).
  const span = (painted) =>
    painted
      .slice(2, typed.length)
      .map((at, i) => (at === null ? null : at - keys[i + 2]))
      .filter((v) => v !== null);
  const downs = keys.length;
  const result = {
    edits: typed.length - 2,
    processes: base === second ? 1 : 2,
    remote: summary(span(theirs)),
    floor: summary(span(mine)),
    missed: typed.length - Math.min(theirs.length, downs),
  };
  console.log(
    `[live] ${result.processes} process(es): remote p50 ${result.remote.p50.toFixed(1)} ms, p95 ${result.remote.p95.toFixed(1)} ms, max ${result.remote.max.toFixed(1)} ms; ` +
      `floor (own preview) p50 ${result.floor.p50.toFixed(1)} ms, p95 ${result.floor.p95.toFixed(1)} ms; ${result.missed} missed`,
  );
  writeResult(result);
  await one.close();
  await two.close();
} finally {
  await browser.close();
}
