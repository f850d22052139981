// Native/WebAssembly parity of the storefront renderer: reads the cases the native writer made
// (core-wasm/examples/storefront_parity_cases.rs, one JSON line each, with the native answer's
// length and hash), renders each through the preview frame's WebAssembly build in Debian's
// Chromium (storefront.html) and compares. Prints the cases compared and the mismatches; exits
// non-zero on any mismatch.
//
// node reliability/parity/storefront.mjs <cases.jsonl> <module>   (run.sh calls it; <module> is
// the preview build's JavaScript, a path under the repository)
import { createReadStream } from "node:fs";
import { dirname, resolve } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { chromium } from "@playwright/test";
import { createServer } from "vite";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const [casesFile, module] = process.argv.slice(2);
if (!casesFile || !module) {
  console.error("usage: node reliability/parity/storefront.mjs <cases.jsonl> <module>");
  process.exit(2);
}
const BATCH = 10;

const server = await createServer({
  configFile: false,
  root: ROOT,
  base: "/",
  cacheDir: resolve(ROOT, "target/parity/vite-storefront"),
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
let errors = 0;
const mismatches = [];
try {
  const page = await browser.newPage();
  page.on("pageerror", (error) => console.error(`page error: ${error.message}`));
  const { port } = server.httpServer.address();
  const url = `http://127.0.0.1:${port}/reliability/parity/storefront.html?module=${encodeURIComponent(`/${module}`)}`;
  await page.goto(url, { waitUntil: "domcontentloaded", timeout: 300_000 });
  await page.waitForFunction(() => window.parityReady === true, null, { timeout: 300_000 });

  const check = async (batch) => {
    const text = JSON.stringify(batch.map(({ config, snapshot, page: p, keys }) => ({ config, snapshot, page: p, keys })));
    const answers = JSON.parse(await page.evaluate((cases) => window.runCases(JSON.parse(cases)), text));
    batch.forEach((item, i) => {
      compared += 1;
      if (item.expected.error) errors += 1;
      if (!isDeepStrictEqual(item.expected, answers[i])) mismatches.push({ name: item.name, native: item.expected, wasm: answers[i] });
    });
  };

  const lines = createInterface({ input: createReadStream(casesFile), crlfDelay: Infinity });
  let batch = [];
  let first = true;
  for await (const line of lines) {
    if (!line.trim()) continue;
    if (first) {
      first = false;
      await page.evaluate((list) => window.setSnapshots(list), JSON.parse(line).snapshots);
      continue;
    }
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
for (const m of mismatches.slice(0, 5)) {
  console.log(`mismatch in ${m.name}:\n  native ${JSON.stringify(m.native)}\n  wasm   ${JSON.stringify(m.wasm)}`);
}
console.log(
  `storefront parity (native vs WebAssembly in Chromium): ${compared} renders compared ` +
    `(${compared - errors} pages or sections, ${errors} refused), ${mismatches.length} mismatches, ${seconds} s`,
);
if (compared === 0) {
  console.log("no cases were read");
  process.exit(1);
}
process.exit(mismatches.length ? 1 : 0);
