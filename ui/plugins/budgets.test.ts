// The bundle budgets' measures and verdicts on small made-up bundles.
import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type Budget, type BundleItem, failures, gzipBytes, initialChunks, measure, table } from "./budgets";

function chunk(fileName: string, code: string, imports: string[] = [], modules: Record<string, string> = {}, isEntry = false): BundleItem {
  return {
    type: "chunk",
    fileName,
    code,
    isEntry,
    imports,
    modules: Object.fromEntries(Object.entries(modules).map(([id, text]) => [id, { code: text }])),
  };
}

// Text that does not compress away, so that sizes are predictable in kB.
function noise(bytes: number, seed = 1): string {
  let x = seed;
  let text = "";
  while (text.length < bytes) {
    x = (x * 1103515245 + 12345) % 2147483648;
    text += String.fromCharCode(33 + (x % 90));
  }
  return text;
}

const bundle: Record<string, BundleItem> = {
  "index.js": chunk("index.js", "import './app.js'; import('./lazy.js');", ["app.js"], {}, true),
  "app.js": chunk("app.js", noise(3000), ["shared.js"]),
  "shared.js": chunk("shared.js", noise(1000, 2)),
  "lazy.js": chunk("lazy.js", noise(5000, 3), ["shared.js"]),
  "chart.js": chunk("chart.js", noise(4000, 4), [], { "/app/node_modules/echarts/core.js": "x" }),
  "core.js": chunk("core.js", "glue", [], { "/app/ui/src/wasm/core_wasm_bg.js": noise(800, 5), "/app/ui/src/other.ts": "y" }),
  "core_wasm_bg.wasm": {
    type: "asset",
    fileName: "core_wasm_bg.wasm",
    source: new TextEncoder().encode(noise(2000, 6)),
    originalFileNames: ["src/wasm/core_wasm_bg.wasm"],
  },
};

const initial: Budget = { name: "initial JS", kind: "initial", maxKb: 170 };

describe("bundle budgets", () => {
  it("count the entry and its static imports, transitively, but not what it imports dynamically", () => {
    expect(initialChunks(bundle).sort()).toEqual(["app.js", "index.js", "shared.js"]);
    const m = measure(bundle, initial);
    const expected = ["index.js", "app.js", "shared.js"].map((name) => {
      const item = bundle[name];
      return item?.type === "chunk" ? gzipBytes(item.code) : 0;
    });
    expect(m.bytes).toBe(expected.reduce((a, b) => a + b, 0));
    expect(m.parts.map((part) => part.name)).toEqual(["app.js", "shared.js", "index.js"]);
  });

  it("start from the scripts the HTML names when the entry chunk was replaced by them", () => {
    const inlined: Record<string, BundleItem> = {
      ...Object.fromEntries(Object.entries(bundle).filter(([name]) => name !== "index.js")),
      "index.html": { type: "asset", fileName: "index.html", source: '<script type="module" crossorigin src="/admin/app.js"></script>' },
    };
    expect(initialChunks(inlined).sort()).toEqual(["app.js", "shared.js"]);
  });

  it("find the chart chunk by the modules it holds", () => {
    const m = measure(bundle, { name: "chart", kind: "chunks", modules: "/node_modules/(echarts|zrender)/", maxKb: 200 });
    expect(m.parts.map((part) => part.name)).toEqual(["chart.js"]);
    expect(m.bytes).toBe(gzipBytes(noise(4000, 4)));
  });

  it("add a WebAssembly build's glue, wherever it was bundled, to its .wasm file", () => {
    const m = measure(bundle, { name: "wasm", kind: "wasm", dir: "src/wasm/", maxKb: 250 });
    expect(m.parts.map((part) => part.name)).toEqual(["core_wasm_bg.wasm", "src/wasm/ glue (JS)"]);
    expect(m.parts[1]?.bytes).toBe(gzipBytes(noise(800, 5)));
  });

  it("pass every budget that fits, and print a row for each", () => {
    const measures = [measure(bundle, initial)];
    expect(failures(measures)).toEqual([]);
    expect(table(measures)).toMatch(/^initial JS +\d+\.\d kB +170 kB +ok$/m);
  });

  it("fail an exceeded budget with its name, size, limit and files", () => {
    const m = measure(bundle, { ...initial, maxKb: 1 });
    const [message] = failures([m]);
    expect(message).toContain('Bundle budget "initial JS" exceeded');
    expect(message).toContain(`${(m.bytes / 1000).toFixed(1)} kB gzipped, over its 1 kB`);
    expect(message).toContain("app.js");
    expect(table([m])).toMatch(/OVER$/m);
  });

  it("fail a budget that matches nothing rather than pass it unmeasured", () => {
    const m = measure(bundle, { name: "time zones", kind: "wasm", dir: "src/wasm-tz/", maxKb: 250 });
    expect(failures([m])).toEqual(['Bundle budget "time zones" could not be measured: no .wasm file built from src/wasm-tz/ (ui/budgets.json).']);
  });
  it("measure files copied as they are from their folder, and fail when the folder is empty", () => {
    const root = mkdtempSync(path.join(tmpdir(), "budgets-"));
    mkdirSync(path.join(root, "public", "preview"), { recursive: true });
    const files: Budget = { name: "runtime", kind: "files", dir: "public/preview/", maxKb: 10 };
    expect(measure(bundle, files, root).missing).toContain("public/preview/");
    writeFileSync(path.join(root, "public", "preview", "runtime.js"), noise(500, 7));
    writeFileSync(path.join(root, "public", "preview", "runtime_bg.wasm"), noise(1500, 8));
    writeFileSync(path.join(root, "public", "preview", "notes.txt"), noise(9000, 9));
    const m = measure(bundle, files, root);
    expect(m.missing).toBeUndefined();
    expect(m.parts.map((part) => part.name)).toEqual(["public/preview/runtime_bg.wasm", "public/preview/runtime.js"]);
    expect(m.bytes).toBe(gzipBytes(noise(500, 7)) + gzipBytes(noise(1500, 8)));
  });
});
