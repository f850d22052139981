// The browser half of the theme engine's parity check: each case is run through the WebAssembly
// core exactly as the theme editor runs it (ui/src/core/theme.ts), in the order the native case
// writer (core-wasm/examples/theme_parity_cases.rs) computed its verdicts. run.mjs compares them.
import { ThemeEditor, ThemeLoadError } from "../../ui/src/core/theme.ts";

/** Length in UTF-16 code units and FNV-1a hash over them, as the native writer computes them. */
function fingerprint(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return { len: text.length, hash };
}

/** Calls `fn`; anything thrown (a trap, a conversion error) becomes a value that never matches. */
function guard(fn) {
  try {
    return fn();
  } catch (error) {
    return { thrown: String(error) };
  }
}

function runCase({ config, commands }) {
  let editor;
  try {
    editor = ThemeEditor.load(config);
  } catch (error) {
    if (error instanceof ThemeLoadError) return { load: { error: error.body } };
    return { load: { thrown: String(error) } };
  }
  try {
    const verdicts = {
      load: { ok: true },
      family: guard(() => editor.family()),
      sections: guard(() => editor.sections()),
      validate: guard(() => editor.validate()),
      outcomes: commands.map((command) => guard(() => editor.apply(command))),
    };
    verdicts.config = guard(() => fingerprint(editor.configJson()));
    verdicts.finalValidate = guard(() => editor.validate());
    verdicts.version = guard(() => editor.version);
    verdicts.canUndo = guard(() => editor.canUndo());
    verdicts.canRedo = guard(() => editor.canRedo());
    verdicts.undo = guard(() => editor.undo());
    verdicts.afterUndo = guard(() => fingerprint(editor.configJson()));
    return verdicts;
  } finally {
    editor.free();
  }
}

/** Runs a batch of cases; the answer is JSON text so that nothing is lost on the way back. */
window.runCases = (cases) => JSON.stringify(cases.map(runCase));
window.parityReady = true;
document.getElementById("status").textContent = "ready";
