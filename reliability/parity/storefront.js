// The browser half of the storefront renderer's parity check: each case is rendered by the
// preview frame's own WebAssembly build (its `renderPreview` export, the core's
// `storefront::preview::render_json`), and the answer's length and hash go back to
// storefront.mjs, which compares them with the native ones.
const module = new URLSearchParams(location.search).get("module");

/** Length in UTF-16 code units and FNV-1a hash over them, as the native writer computes them. */
function fingerprint(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return { len: text.length, hash };
}

const wasm = await import(/* @vite-ignore */ module);
await wasm.default();
let snapshots = [];

function runCase({ config, snapshot, page, keys }) {
  try {
    return { ok: fingerprint(wasm.renderPreview(config, snapshots[snapshot], page, keys ?? undefined)) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

window.setSnapshots = (list) => {
  snapshots = list;
};
/** Runs a batch of cases; the answer is JSON text so that nothing is lost on the way back. */
window.runCases = (cases) => JSON.stringify(cases.map(runCase));
window.parityReady = true;
document.getElementById("status").textContent = "ready";
