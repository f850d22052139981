import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { compressedCopies } from "./precompress.ts";

describe("compressedCopies", () => {
  it("gives Brotli and gzip copies that decode to the file and are smaller", () => {
    const content = Buffer.from("export const greeting = 'Good morning';\n".repeat(200));
    const { br, gz } = compressedCopies(content);
    expect(brotliDecompressSync(br).equals(content)).toBe(true);
    expect(gunzipSync(gz).equals(content)).toBe(true);
    expect(br.length).toBeLessThan(content.length / 10);
    expect(gz.length).toBeLessThan(content.length / 10);
  });
});
