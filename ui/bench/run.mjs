// Prints the theme engine's costs in Chromium through WebAssembly (bench/theme.html), and the
// size of the WebAssembly the admin loads. Run with `node bench/run.mjs` in ui/ after the WASM
// build (scripts/setup.sh build_wasm). It prints figures; it asserts nothing.
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { createServer } from "vite";

const server = await createServer({
  configFile: new URL("../vite.config.ts", import.meta.url).pathname,
  root: new URL("..", import.meta.url).pathname,
  base: "/",
  server: { port: 0, host: "127.0.0.1" },
  logLevel: "error",
});
await server.listen();
const address = server.httpServer.address();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
  ],
});
try {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${address.port}/bench/theme.html`);
  await page.waitForFunction(() => document.getElementById("out")?.textContent?.startsWith("{"), null, {
    timeout: 120_000,
  });
  const report = JSON.parse(await page.locator("#out").textContent());
  console.log(`Theme engine in Chromium (WASM), config ${report.bytes} bytes:`);
  for (const r of report.results) {
    console.log(`  ${r.name.padEnd(34)} p50 ${r.p50.toFixed(4)} ms   p95 ${r.p95.toFixed(4)} ms   (${r.runs} runs)`);
  }
  // The same measure as the build's budgets (ui/budgets.json), in kB of 1000 bytes.
  for (const dir of ["wasm", "wasm-editor", "wasm-tz"]) {
    const wasm = readFileSync(new URL(`../src/${dir}/core_wasm_bg.wasm`, import.meta.url));
    const glue = readFileSync(new URL(`../src/${dir}/core_wasm_bg.js`, import.meta.url));
    const gz = gzipSync(wasm, { level: 9 }).length + gzipSync(glue, { level: 9 }).length;
    console.log(`  src/${dir}: ${wasm.length} bytes of WASM; WASM + glue gzipped: ${(gz / 1000).toFixed(1)} kB`);
  }
} finally {
  await browser.close();
  await server.close();
}
