// Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside every text and WebAssembly file of the
// build, once, at build time: the server sends them to browsers that take them, so no answer of
// the admin's files is compressed per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";

/** Files worth compressing: text and WebAssembly (pictures are compressed already). */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|wasm|txt|webmanifest)$/;
/** Below this, a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

/** Every file under `dir`, recursively. */
function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : [full];
  });
}

/** The compressed copies of one file's content: Brotli at its best quality, gzip level 9. */
export function compressedCopies(content: Buffer): { br: Buffer; gz: Buffer } {
  return {
    br: brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
    }),
    gz: gzipSync(content, { level: 9 }),
  };
}

export function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "storeloom-precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of files(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const content = readFileSync(file);
        if (content.length < MIN_BYTES) continue;
        const { br, gz } = compressedCopies(content);
        // A copy that is not smaller would only cost the browser a decoding.
        if (br.length < content.length) writeFileSync(`${file}.br`, br);
        if (gz.length < content.length) writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}
