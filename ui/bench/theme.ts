// The theme engine measured in the browser, through WebAssembly and its boundary: the same
// operations as the criterion benchmark (core-wasm/benches/theme.rs) on the same ~200 KB config.
// bench/run.mjs opens this page in Chromium and prints what it leaves in #out.
import fixture from "../../core-wasm/tests/fixtures/newchick.json?raw";
import { ThemeEditor, type ThemeCommand } from "../src/core/theme";

type Sections = Record<string, Record<string, unknown>>;

/** The newchick fixture grown to about 200 KB with copies of its collection list. */
function bigConfig(): string {
  const config = JSON.parse(fixture) as { pages: { homepage: { sections: Sections } } };
  const sections = config.pages.homepage.sections;
  const template = sections["collection-list-1"]!;
  let n = Object.keys(sections).length;
  while (JSON.stringify(sections).length < 200_000) {
    sections[`copy-${n}`] = { ...structuredClone(template), key: `copy-${n}`, index: n };
    n += 1;
  }
  return JSON.stringify(config);
}

/** Runs `fn` `runs` times after a warm-up and returns per-call times in ms, sorted. */
function time(runs: number, fn: (i: number) => void): number[] {
  for (let i = 0; i < Math.min(50, runs); i += 1) fn(i);
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    fn(i);
    samples.push(performance.now() - start);
  }
  return samples.sort((a, b) => a - b);
}

/** A batch's mean per call, in ms: timer resolution in browsers is coarse (0.1 ms or worse). */
function perCall(batches: number, perBatch: number, fn: (i: number) => void): number[] {
  return time(batches, (b) => {
    for (let i = 0; i < perBatch; i += 1) fn(b * perBatch + i);
  }).map((ms) => ms / perBatch);
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

function summary(name: string, sorted: number[]) {
  return { name, p50: quantile(sorted, 0.5), p95: quantile(sorted, 0.95), runs: sorted.length };
}

const text = bigConfig();
const results = [];
results.push(
  summary(
    "load a 200 KB config",
    time(40, () => ThemeEditor.load(text).free()),
  ),
);

const editor = ThemeEditor.load(text);
const sizes: ThemeCommand[] = [
  { kind: "setField", path: "/settings/typography/font_size_price", value: 17 },
  { kind: "setField", path: "/settings/typography/font_size_price", value: "18" },
] as ThemeCommand[];
results.push(
  summary(
    "field edit, one call",
    time(3000, (i) => editor.apply(sizes[i % 2]!)),
  ),
);
results.push(
  summary(
    "field edit, mean of 100",
    perCall(60, 100, (i) => editor.apply(sizes[i % 2]!)),
  ),
);

const moves: ThemeCommand[] = [
  { kind: "moveSection", key: "product-review-1", to: 0 },
  { kind: "moveSection", key: "product-review-1", to: 20 },
] as ThemeCommand[];
results.push(
  summary(
    "section move",
    time(400, (i) => editor.apply(moves[i % 2]!)),
  ),
);
results.push(
  summary(
    "full validation",
    time(60, () => editor.validate()),
  ),
);
results.push(
  summary(
    "whole config out (preview push)",
    time(60, () => editor.configJson()),
  ),
);

document.getElementById("out")!.textContent = JSON.stringify({ bytes: text.length, results });
