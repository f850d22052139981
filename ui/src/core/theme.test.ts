// Runs the shared theme vectors (also run natively by `cargo test`, see
// core-wasm/tests/theme_vectors.rs) through the real WASM build, with the same checks.
import { describe, expect, it } from "vitest";
import hydroText from "../../../core-wasm/tests/fixtures/hydro.json?raw";
import newchickText from "../../../core-wasm/tests/fixtures/newchick.json?raw";
import choices from "../../../core-wasm/tests/vectors/theme/choices.json?raw";
import collab from "../../../core-wasm/tests/vectors/theme/collab.json?raw";
import fontsCountdown from "../../../core-wasm/tests/vectors/theme/fonts_countdown.json?raw";
import history from "../../../core-wasm/tests/vectors/theme/history.json?raw";
import limits from "../../../core-wasm/tests/vectors/theme/limits.json?raw";
import lists from "../../../core-wasm/tests/vectors/theme/lists.json?raw";
import malformed from "../../../core-wasm/tests/vectors/theme/malformed.json?raw";
import paths from "../../../core-wasm/tests/vectors/theme/paths.json?raw";
import sections from "../../../core-wasm/tests/vectors/theme/sections.json?raw";
import { ThemeEditor, ThemeLoadError, previewPageForPanel, previewUrl, rebaseCommands } from "./theme";
import type { ThemeCommand } from "./theme";

interface Vector {
  name: string;
  fixture?: "hydro" | "newchick";
  configText?: string;
  commands: unknown[];
  expect: {
    error?: { code: string; path?: string; message?: string; count?: number; max?: number };
    values?: Record<string, unknown>;
    absent?: string[];
    sections?: string[];
    version?: number;
    undoAll?: boolean;
    loadError?: string;
  };
}

const fixtures = { hydro: hydroText, newchick: newchickText };
const groups: Record<string, string> = {
  limits,
  choices,
  paths,
  sections,
  lists,
  fontsCountdown,
  malformed,
  history,
};

/** Expands `{"$repeat": s, "count": n}` into `s` repeated `n` times. */
function expand(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(expand);
  if (value && typeof value === "object") {
    const record = value as Record<string, unknown>;
    if (typeof record.$repeat === "string") return record.$repeat.repeat(Number(record.count));
    return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, expand(v)]));
  }
  return value;
}

function run(vector: Vector): void {
  const text = vector.fixture ? fixtures[vector.fixture] : (vector.configText ?? "");
  const { expect: want } = vector;
  let editor: ThemeEditor;
  try {
    editor = ThemeEditor.load(text);
  } catch (error) {
    expect(error).toBeInstanceOf(ThemeLoadError);
    expect((error as ThemeLoadError).body.code).toBe(want.loadError);
    return;
  }
  expect(want.loadError).toBeUndefined();
  try {
    vector.commands.forEach((command, i) => {
      const last = i === vector.commands.length - 1;
      const before: unknown = JSON.parse(editor.configJson());
      const outcome = editor.apply(expand(command) as ThemeCommand);
      if (last && want.error) {
        expect(outcome.outcome).toBe("rejected");
        if (outcome.outcome !== "rejected") return;
        expect(outcome.error.code).toBe(want.error.code);
        if (want.error.path !== undefined) expect(outcome.error.path).toBe(want.error.path);
        if (want.error.message !== undefined) expect(outcome.error.message).toBe(want.error.message);
        if (want.error.count !== undefined) expect(outcome.error.count).toBe(want.error.count);
        if (want.error.max !== undefined) expect(outcome.error.max).toBe(want.error.max);
        expect(JSON.parse(editor.configJson())).toEqual(before);
      } else {
        expect(outcome).toMatchObject({ outcome: "applied" });
      }
    });
    for (const [pointer, value] of Object.entries(want.values ?? {})) {
      expect(editor.read(pointer), pointer).toEqual(value);
    }
    for (const pointer of want.absent ?? []) {
      expect(editor.read(pointer), pointer).toBeUndefined();
    }
    if (want.sections) expect(editor.sections().map((s) => s.key)).toEqual(want.sections);
    if (want.version !== undefined) expect(editor.version).toBe(want.version);
    if (want.undoAll) {
      while (editor.undo().outcome === "applied");
      expect(JSON.parse(editor.configJson())).toEqual(JSON.parse(text));
    }
  } finally {
    editor.free();
  }
}

describe("the WASM theme engine gives the same answers as the native build", () => {
  for (const [group, json] of Object.entries(groups)) {
    const vectors = JSON.parse(json) as Vector[];
    it.each(vectors)(`${group}: $name`, (vector) => run(vector));
  }

  it("runs at least 200 vectors over both families", () => {
    const all = Object.values(groups).flatMap((json) => JSON.parse(json) as Vector[]);
    expect(all.length).toBeGreaterThanOrEqual(200);
    expect(all.filter((v) => v.fixture === "hydro").length).toBeGreaterThanOrEqual(100);
    expect(all.filter((v) => v.fixture === "newchick").length).toBeGreaterThanOrEqual(100);
  });
});

describe("the WASM theme engine's edges", () => {
  it("shows the family with its label", () => {
    const editor = ThemeEditor.load(newchickText);
    expect(editor.family()).toEqual({ family: "newchick", label: "FASHION" });
    expect(editor.addableSectionTypes()).toContain("flash_deal");
    expect(editor.settingsGroups("product").map((g) => g.group)).toEqual(["product"]);
    expect(editor.validate()).toEqual([]);
    editor.free();
  });

  it("keeps a replayable log of applied commands", () => {
    const editor = ThemeEditor.load(hydroText);
    editor.apply({ kind: "moveSection", key: "product-review-1", to: 0 });
    editor.apply({ kind: "chooseFontFamily", slot: "type_base_family", family: "Rancho" });
    const copy = ThemeEditor.load(hydroText);
    for (const command of editor.log()) copy.apply(command);
    expect(JSON.parse(copy.configJson())).toEqual(JSON.parse(editor.configJson()));
    expect(editor.undo()).toMatchObject({ outcome: "applied", change: { version: 3, canRedo: true } });
    editor.free();
    copy.free();
  });

  it("maps panels to preview pages and builds the preview address", () => {
    expect(previewPageForPanel("cart-goal-setting")).toBe("cart");
    expect(previewPageForPanel("unknown")).toBeNull();
    expect(previewUrl("acme.storeloom.shop", 42, "newchick", "a.b-c")).toBe("https://acme.storeloom.shop/?nocache=42&theme=fashion&preview=a.b-c");
    expect(previewUrl("/s/demo", 42, "hydro", "a.b-c")).toBe("/s/demo/?nocache=42&theme=default&preview=a.b-c");
    expect(previewUrl("", 42, "hydro", "a.b-c")).toBeNull();
    expect(previewUrl("/s/../api", 42, "hydro", "a.b-c")).toBeNull();
    expect(previewUrl("/s/demo", 42, "hydro", "")).toBeNull();
  });

  it("answers a command that is not plain data with a structured error", () => {
    const editor = ThemeEditor.load(hydroText);
    const outcome = editor.apply((() => 1) as unknown as ThemeCommand);
    expect(outcome).toMatchObject({ outcome: "rejected", error: { code: "command.malformed" } });
    editor.free();
  });
});

interface CollabVector {
  name: string;
  fixture: "hydro" | "newchick";
  pending: ThemeCommand[];
  remote: ThemeCommand[];
  expect: { pending?: ThemeCommand[]; dropped?: number[]; values?: Record<string, unknown>; absent?: string[]; sections?: string[]; resync?: number };
}

describe("live co-editing's rebase gives the same answers in WebAssembly as natively", () => {
  const vectors = JSON.parse(collab) as CollabVector[];

  it("runs every shared vector", () => {
    expect(vectors.length).toBeGreaterThanOrEqual(10);
    for (const vector of vectors) {
      const outcome = rebaseCommands(fixtures[vector.fixture], vector.pending, vector.remote);
      if (vector.expect.resync !== undefined) {
        expect(outcome.resyncAt, vector.name).toBe(vector.expect.resync);
        continue;
      }
      expect(outcome.resyncAt, vector.name).toBeUndefined();
      expect(outcome.pending, vector.name).toEqual(vector.expect.pending);
      expect(outcome.dropped, vector.name).toEqual(vector.expect.dropped);
      // The server's commands, then the rebased ones, make the editor's view.
      const editor = ThemeEditor.load(fixtures[vector.fixture]);
      try {
        for (const command of [...vector.remote, ...outcome.pending]) expect(editor.apply(command).outcome, vector.name).toBe("applied");
        const config: unknown = JSON.parse(editor.configJson());
        const at = (pointer: string): unknown =>
          pointer
            .split("/")
            .slice(1)
            .reduce<unknown>(
              (node, key) => (node && typeof node === "object" ? (node as Record<string, unknown>)[key.replace(/~1/g, "/").replace(/~0/g, "~")] : undefined),
              config,
            );
        for (const [pointer, value] of Object.entries(vector.expect.values ?? {})) expect(at(pointer), `${vector.name} ${pointer}`).toEqual(value);
        for (const pointer of vector.expect.absent ?? []) expect(at(pointer), `${vector.name} ${pointer}`).toBeUndefined();
        if (vector.expect.sections) {
          const keys = editor
            .sections()
            .map((s) => s.key)
            .filter((k) => k !== "header" && k !== "footer");
          expect(keys, vector.name).toEqual(vector.expect.sections);
        }
      } finally {
        editor.free();
      }
    }
  });
});
