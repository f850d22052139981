// The admin's download budgets (budgets.json), measured on the bundle of every `vite build`: a
// table of the figures is printed each time, and the build fails when one is over its budget,
// naming the budget, its size and the files that make it.
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { Plugin } from "vite";

/** One row of budgets.json. */
export type Budget = { name: string; maxKb: number } & (
  | { kind: "initial" }
  | { kind: "chunks"; modules: string }
  | { kind: "wasm"; dir: string }
  // Files copied into the build as they are (Vite's public/ folder), outside the bundle: every
  // .js and .wasm file of `dir`, relative to the UI's root.
  | { kind: "files"; dir: string }
);

/** The parts of a Rollup/Rolldown output bundle the measures read. */
export type BundleItem =
  | {
      type: "chunk";
      fileName: string;
      code: string;
      isEntry: boolean;
      imports: string[];
      modules: Record<string, { code: string | null }>;
    }
  | { type: "asset"; fileName: string; source: string | Uint8Array; originalFileNames?: readonly string[] };

export interface Part {
  /** A file of the build, or the glue of a WebAssembly build. */
  name: string;
  bytes: number;
}

export interface Measure {
  budget: Budget;
  /** Gzipped bytes, the sum of the parts. */
  bytes: number;
  parts: Part[];
  /** Why the budget could not be measured (nothing in the bundle matched it). */
  missing?: string;
}

/** Bytes once gzipped at level 9 (what `gzip -9` gives; servers' gzip is at most this good). */
export function gzipBytes(content: string | Uint8Array): number {
  return gzipSync(content, { level: 9 }).length;
}

/** Every chunk the page loads before anything runs: the entry chunks and the scripts the HTML
 * pages name (Vite replaces an entry that only imports others by their script tags), with their
 * static imports, transitively (dynamic imports excluded). */
export function initialChunks(bundle: Record<string, BundleItem>): string[] {
  const items = Object.values(bundle);
  const roots = items.filter((item) => item.type === "chunk" && item.isEntry).map((item) => item.fileName);
  for (const item of items) {
    if (item.type !== "asset" || !item.fileName.endsWith(".html")) continue;
    const html = typeof item.source === "string" ? item.source : new TextDecoder().decode(item.source);
    for (const [, src] of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) {
      const named = items.find((other) => other.type === "chunk" && src?.endsWith(`/${other.fileName}`));
      if (named) roots.push(named.fileName);
    }
  }
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    const item = bundle[fileName];
    if (!item || item.type !== "chunk" || seen.has(fileName)) return;
    seen.add(fileName);
    item.imports.forEach(visit);
  };
  roots.forEach(visit);
  return [...seen];
}

function chunkPart(bundle: Record<string, BundleItem>, fileName: string): Part {
  const item = bundle[fileName];
  return { name: fileName, bytes: item ? gzipBytes(item.type === "chunk" ? item.code : item.source) : 0 };
}

/** Measures one budget on a bundle (and, for `files`, on the folder under `root`). */
export function measure(bundle: Record<string, BundleItem>, budget: Budget, root = "."): Measure {
  const items = Object.values(bundle);
  let parts: Part[] = [];
  let missing: string | undefined;
  if (budget.kind === "initial") {
    parts = initialChunks(bundle).map((fileName) => chunkPart(bundle, fileName));
    if (parts.length === 0) missing = "the bundle has no entry chunk and its HTML names no script";
  } else if (budget.kind === "chunks") {
    const pattern = new RegExp(budget.modules);
    parts = items
      .filter((item) => item.type === "chunk" && Object.keys(item.modules).some((id) => pattern.test(id)))
      .map((item) => chunkPart(bundle, item.fileName));
    if (parts.length === 0) missing = `no chunk holds a module matching ${budget.modules}`;
  } else if (budget.kind === "files") {
    const dir = path.resolve(root, budget.dir);
    const names = existsSync(dir) ? readdirSync(dir).filter((name) => /\.(js|wasm)$/.test(name)) : [];
    parts = names.map((name) => ({ name: `${budget.dir}${name}`, bytes: gzipBytes(readFileSync(path.join(dir, name))) }));
    if (parts.length === 0) missing = `no .js or .wasm file in ${budget.dir}`;
  } else {
    const inDir = (path: string) => path.includes(`/${budget.dir}`) || path.startsWith(budget.dir);
    const wasm = items.find((item) => item.type === "asset" && item.fileName.endsWith(".wasm") && (item.originalFileNames ?? []).some(inDir));
    // The glue: the generated bindings and the plugin's loader of this build, wherever the
    // bundler put them (usually inside the chunk that imports the core).
    const glue = items.flatMap((item) =>
      item.type === "chunk"
        ? Object.entries(item.modules)
            .filter(([id]) => inDir(id))
            .map(([, module]) => module.code ?? "")
        : [],
    );
    if (!wasm) missing = `no .wasm file built from ${budget.dir}`;
    else {
      parts = [chunkPart(bundle, wasm.fileName)];
      if (glue.length > 0) parts.push({ name: `${budget.dir} glue (JS)`, bytes: gzipBytes(glue.join("\n")) });
    }
  }
  parts.sort((a, b) => b.bytes - a.bytes);
  return { budget, bytes: parts.reduce((sum, part) => sum + part.bytes, 0), parts, missing };
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** Over its budget, or not measurable. */
export function exceeded(m: Measure): boolean {
  return m.missing !== undefined || m.bytes > m.budget.maxKb * 1000;
}

/** The table printed on every build: name, gzipped size, budget, verdict. */
export function table(measures: Measure[]): string {
  const rows = measures.map((m) => [m.budget.name, m.missing ? "?" : kb(m.bytes), `${m.budget.maxKb} kB`, exceeded(m) ? "OVER" : "ok"]);
  const head = ["budget (gzip -9)", "size", "max", ""];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]?.length ?? 0)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join("  ")
      .trimEnd();
  return [line(head), ...rows.map(line)].join("\n");
}

/** The build's error for every budget over its limit, naming the files that make it. */
export function failures(measures: Measure[]): string[] {
  return measures.filter(exceeded).map((m) => {
    if (m.missing) return `Bundle budget "${m.budget.name}" could not be measured: ${m.missing} (ui/budgets.json).`;
    const largest = m.parts.slice(0, 10).map((part) => `${part.name} ${kb(part.bytes)}`);
    const rest = m.parts.slice(10);
    if (rest.length > 0) largest.push(`${rest.length} more files ${kb(rest.reduce((sum, part) => sum + part.bytes, 0))}`);
    const files = largest.join(", ");
    return `Bundle budget "${m.budget.name}" exceeded: ${kb(m.bytes)} gzipped, over its ${m.budget.maxKb} kB (ui/budgets.json). Made of: ${files}.`;
  });
}

/** The Vite plugin: measures every budget after the bundle is made; fails the build when one
 * is exceeded. */
export function bundleBudgets(budgets: Budget[]): Plugin {
  let report = "";
  let root = ".";
  return {
    name: "storeloom-bundle-budgets",
    apply: "build",
    configResolved(config) {
      report = path.join(config.root, "node_modules", ".cache", "storeloom", "budgets.json");
      root = config.root;
    },
    // After Vite's own steps, which still change the chunks (the map of what a dynamic import
    // preloads, the HTML entry), so that the files measured are the files served.
    enforce: "post",
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        const measures = budgets.map((budget) => measure(bundle as unknown as Record<string, BundleItem>, budget, root));
        console.log(`\n${table(measures)}\n`);
        // The last build's figures, for `npm run bench`'s report.
        mkdirSync(path.dirname(report), { recursive: true });
        writeFileSync(
          report,
          JSON.stringify(
            measures.map((m) => ({ name: m.budget.name, bytes: m.bytes, limit: m.budget.maxKb * 1000, missing: m.missing ?? null })),
            null,
            2,
          ),
        );
        const errors = failures(measures);
        if (errors.length > 0) this.error(errors.join("\n"));
      },
    },
  };
}
