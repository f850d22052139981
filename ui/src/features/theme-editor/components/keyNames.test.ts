// No field of the editor is chosen by its key's name: the panels are the core's schema (issue 26,
// "grep finds no field kinds chosen by key name in ui/src/features/editor", now theme-editor).
// This scans the editor's source for the shapes such guessing takes: a regular expression tested
// against a key, name or path; a key, name or path compared with a wire name of the config; a
// wire name or a config path written out as a string (a field list kept in TypeScript).
import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import hydroText from "../../../../../core-wasm/tests/fixtures/hydro.json?raw";
import newchickText from "../../../../../core-wasm/tests/fixtures/newchick.json?raw";
import { type FieldView, ThemeEditor } from "../../../core/theme";
import type { SettingsGroup } from "../../../types/generated/SettingsGroup";

const FEATURE = fileURLToPath(new URL("..", import.meta.url));
const GROUPS: SettingsGroup[] = [
  "colors",
  "typography",
  "style",
  "currency",
  "product",
  "checkout",
  "cart",
  "cartGoal",
  "thankYou",
  "collection",
  "popup",
  "element",
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The config's wire names as the core's panels show them: labels, item types, add labels and
 * every segment of every field's pointer (section keys and list indices aside). */
function wireNames(): Set<string> {
  const names = new Set<string>();
  const walk = (fields: FieldView[]) => {
    for (const field of fields) {
      names.add(field.label);
      const segments = field.pointer.split("/").slice(1);
      const from = segments[0] === "pages" ? 5 : 0;
      segments.slice(from).forEach((segment) => /^\d+$/.test(segment) || names.add(segment));
      const { input } = field;
      if (input.kind === "group") walk(input.fields);
      if (input.kind === "list") {
        input.add.forEach((option) => names.add(option.label));
        input.items.forEach((item) => {
          if (item.itemType) names.add(item.itemType);
          walk(item.fields);
        });
      }
    }
  };
  for (const text of [hydroText, newchickText]) {
    const editor = ThemeEditor.load(text);
    editor.addableSectionTypes().forEach((sectionType, i) => editor.apply({ kind: "addSection", key: `k${i}`, sectionType, position: 0, place: "above" }));
    for (const item of editor.sections()) walk(editor.panel({ panel: "section", key: item.key }).fields);
    for (const group of GROUPS) walk(editor.panel({ panel: "group", group }).fields);
    editor.free();
  }
  return names;
}

/** A wire name that cannot be an ordinary word of code: snake_case, kebab-case or camelCase. */
const distinctive = (name: string) => /[_-]/.test(name) || /[a-z][A-Z]/.test(name);

const KEYISH = String.raw`\b(?:name|key|keys|path|pointer|label|segment|field|prop|wire)\b`;
const STRING = String.raw`(["'\`])([^"'\`\n]*)\1`;

/** The guessing found in a source file's text (`where` names the file in the report). */
function problems(text: string, where: string, names: Set<string>): string[] {
  const found: string[] = [];
  text.split("\n").forEach((line, i) => {
    const at = `${where}:${i + 1}: ${line.trim()}`;
    if (/^\s*(\/\/|\*|\/\*)/.test(line)) return;
    // A regular expression tested against a key, a name or a path.
    if (new RegExp(String.raw`\.(?:test|exec)\(\s*[\w.]*${KEYISH}`).test(line)) found.push(`regex over a key: ${at}`);
    // A key, a name or a path compared with a string, or searched for one, that is a wire name.
    const compared = [
      ...line.matchAll(new RegExp(String.raw`${KEYISH}\s*(?:===|!==|==|!=)\s*${STRING}`, "g")),
      ...line.matchAll(new RegExp(String.raw`${STRING}\s*(?:===|!==|==|!=)\s*[\w.]*${KEYISH}`, "g")),
      ...line.matchAll(new RegExp(String.raw`${KEYISH}\.(?:includes|startsWith|endsWith|indexOf|match)\(\s*${STRING}`, "g")),
    ];
    for (const match of compared) {
      const literal = match[2] ?? "";
      if (literal.split(/[/.]/).some((part) => names.has(part))) found.push(`key compared with "${literal}": ${at}`);
    }
    // A wire name, or a config path, written out.
    for (const match of line.matchAll(new RegExp(STRING, "g"))) {
      const literal = match[2] ?? "";
      if (/^\/(settings|pages)\//.test(literal)) found.push(`config path "${literal}": ${at}`);
      else if (names.has(literal) && distinctive(literal)) found.push(`wire name "${literal}": ${at}`);
    }
  });
  return found;
}

describe("the editor chooses no field by its key's name", () => {
  const names = wireNames();

  it("knows the config's wire names from the core", () => {
    for (const name of ["main_menu", "checkoutStepLayout", "logo_desktop", "isShowAccount", "tabs-detail"]) expect(names).toContain(name);
  });

  it("finds no regex over keys, no comparison with a wire name and no field list in the editor's source", () => {
    const files = sources(FEATURE);
    expect(files.length).toBeGreaterThan(8);
    expect(files.flatMap((file) => problems(readFileSync(file, "utf8"), relative(FEATURE, file), names))).toEqual([]);
  });

  it("would catch the guessing it forbids", () => {
    const samples = [
      "const IMAGE_KEYS = /(^|_)(image|logo)(_|$)/i; if (IMAGE_KEYS.test(name)) return null;",
      "if (/^color/i.test(name)) return null;",
      'if (name === "main_menu") return null;',
      'if (path.includes("/content/blocks/")) return null;',
      'const UPSELL = ["isShowCartUpsell", "cartUpsellMessage"];',
      'const at = "/settings/cart_goal";',
    ];
    for (const sample of samples) expect(problems(sample, "sample", names), sample).not.toEqual([]);
  });
});
