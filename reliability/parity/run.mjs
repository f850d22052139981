// Native/WebAssembly parity of the theme engine: reads the cases the native writer made
// (core-wasm/examples/theme_parity_cases.rs, one JSON line each, with the native verdicts), runs
// each through the WebAssembly build in Debian's Chromium (page.html, served by Vite with the
// admin's own config so the core loads as in the editor) and compares every verdict. Prints the
// configs compared and the mismatches; exits non-zero on any mismatch.
//
// node reliability/parity/run.mjs <cases.jsonl>   (run.sh makes the cases and calls this)
import { createReadStream, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { chromium } from "@playwright/test";
import { createServer } from "vite";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const casesFile = process.argv[2];
if (!casesFile) {
  console.error("usage: node reliability/parity/run.mjs <cases.jsonl>");
  process.exit(2);
}
const BATCH = 25;
const SHOWN = 5;

/** The first place two verdicts differ, as a path and the two values. */
function firstDifference(native, wasm, path = "") {
  if (isDeepStrictEqual(native, wasm)) return null;
  if (native && wasm && typeof native === "object" && typeof wasm === "object") {
    for (const key of new Set([...Object.keys(native), ...Object.keys(wasm)])) {
      const found = firstDifference(native[key], wasm[key], `${path}/${key}`);
      if (found) return found;
    }
  }
  return { path: path || "/", native, wasm };
}

const short = (value) => {
  const text = JSON.stringify(value) ?? "undefined";
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
};

const server = await createServer({
  configFile: resolve(ROOT, "ui/vite.config.ts"),
  root: ROOT,
  base: "/",
  cacheDir: resolve(ROOT, "target/parity/vite"),
  optimizeDeps: { noDiscovery: true, include: [] },
  server: { port: 0, host: "127.0.0.1", hmr: false },
  logLevel: "error",
});
await server.listen();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run", "--disable-quic"],
});

const started = performance.now();
let compared = 0;
let loaded = 0;
let commands = 0;
const mismatches = [];
try {
  const page = await browser.newPage();
  page.on("pageerror", (error) => console.error(`page error: ${error.message}`));
  const { port } = server.httpServer.address();
  // Vite transforms the page's modules on first request: on a busy machine that takes a while.
  await page.goto(`http://127.0.0.1:${port}/reliability/parity/page.html`, {
    waitUntil: "domcontentloaded",
    timeout: 300_000,
  });
  await page.waitForFunction(() => window.parityReady === true, null, { timeout: 300_000 });

  const check = async (batch) => {
    // The cases cross as JSON text, parsed in the page as the editor's data would be.
    const text = JSON.stringify(batch.map(({ config, commands }) => ({ config, commands })));
    const answers = JSON.parse(await page.evaluate((cases) => window.runCases(JSON.parse(cases)), text));
    batch.forEach((item, i) => {
      compared += 1;
      commands += item.commands.length;
      if (item.expected.load?.ok) loaded += 1;
      const difference = firstDifference(item.expected, answers[i]);
      if (difference) mismatches.push({ ...item, wasm: answers[i], difference });
    });
  };

  const lines = createInterface({ input: createReadStream(casesFile), crlfDelay: Infinity });
  let batch = [];
  for await (const line of lines) {
    if (!line.trim()) continue;
    batch.push(JSON.parse(line));
    if (batch.length === BATCH) {
      await check(batch);
      batch = [];
    }
  }
  if (batch.length) await check(batch);
} finally {
  await browser.close();
  await server.close();
}

const seconds = ((performance.now() - started) / 1000).toFixed(1);
for (const m of mismatches.slice(0, SHOWN)) {
  console.log(`mismatch in ${m.name} at ${m.difference.path}:\n  native ${short(m.difference.native)}\n  wasm   ${short(m.difference.wasm)}`);
}
if (mismatches.length) {
  const out = resolve(ROOT, "target/parity/mismatches.jsonl");
  writeFileSync(out, mismatches.map((m) => JSON.stringify(m)).join("\n") + "\n");
  console.log(`the mismatching cases are in ${out}`);
}
console.log(
  `theme parity (native vs WebAssembly in Chromium): ${compared} configs compared (${loaded} loaded, ` +
    `${compared - loaded} refused at load; ${commands} commands), ${mismatches.length} mismatches, ${seconds} s`,
);
if (compared === 0) {
  console.log("no cases were read");
  process.exit(1);
}
process.exit(mismatches.length ? 1 : 0);
