// Every label the core's panels produce has its words in both languages: for both template
// families with one section of every addable type added (and an older block-based header and
// footer, whose blocks are typed), every section and settings group panel is opened through the
// real WebAssembly core, and every field label, choice, way to add and item type is looked up in
// en.json and vi.json. Labels the panels never produce are not kept either.
import { describe, expect, it } from "vitest";
import hydroText from "../../../../../core-wasm/tests/fixtures/hydro.json?raw";
import newchickText from "../../../../../core-wasm/tests/fixtures/newchick.json?raw";
import { type FieldView, type PanelRef, ThemeEditor, editorConstants, linkTo } from "../../../core/theme";
import type { SettingsGroup } from "../../../types/generated/SettingsGroup";
import { english as en } from "../../../i18n/english";
import vi from "../../../i18n/vi.json";

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
  "test",
];

interface Labels {
  fields: Set<string>;
  choices: Set<string>;
  add: Set<string>;
  itemTypes: Set<string>;
  kinds: Set<string>;
}

interface Config {
  pages: { fixed: { sections: Record<string, Record<string, unknown>> }; homepage: { sections: Record<string, unknown> } };
}

/** A family's template with the header and footer turned into the older block-based kind. */
function withLegacyHeaderAndFooter(text: string): string {
  const config = JSON.parse(text) as Config;
  for (const key of ["header", "footer"]) {
    const section = config.pages.fixed.sections[key] as Record<string, unknown>;
    delete section.settings;
    section.blocks = [];
  }
  return JSON.stringify(config);
}

function collect(fields: FieldView[], into: Labels) {
  for (const field of fields) {
    into.fields.add(field.label);
    into.kinds.add(field.input.kind);
    const { input } = field;
    if (input.kind === "choice") input.options.forEach((option) => into.choices.add(option.label));
    if (input.kind === "group") collect(input.fields, into);
    if (input.kind === "list") {
      input.add.forEach((option) => into.add.add(option.label));
      for (const item of input.items) {
        if (item.itemType) into.itemTypes.add(item.itemType);
        collect(item.fields, into);
      }
    }
  }
}

/** Every panel of a config with one section of every addable type added; in the block-based
 * header and footer, one block of every type. */
function panelsOf(text: string, into: Labels): number {
  const editor = ThemeEditor.load(text);
  try {
    editor.addableSectionTypes().forEach((sectionType, i) => {
      const outcome = editor.apply({ kind: "addSection", key: `added-${i}`, sectionType, position: 0, place: "above" });
      expect(outcome.outcome, sectionType).toBe("applied");
    });
    const keys = ["header", "footer", ...Object.keys((JSON.parse(editor.configJson()) as Config).pages.homepage.sections)];
    const refs: PanelRef[] = [...keys.map((key) => ({ panel: "section" as const, key })), ...GROUPS.map((group) => ({ panel: "group" as const, group }))];
    for (const key of ["header", "footer"]) {
      for (const field of editor.panel({ panel: "section", key }).fields) {
        if (field.input.kind !== "list" || field.input.list.list !== "legacyBlocks") continue;
        for (const option of field.input.add) editor.apply({ kind: "addItem", list: field.input.list, blockType: option.blockType });
      }
    }
    for (const ref of refs) {
      const view = editor.panel(ref);
      expect(view.fields.length, JSON.stringify(ref)).toBeGreaterThan(0);
      collect(view.fields, into);
    }
    return refs.length;
  } finally {
    editor.free();
  }
}

function allLabels(): Labels {
  const labels: Labels = { fields: new Set(), choices: new Set(), add: new Set(), itemTypes: new Set(), kinds: new Set() };
  for (const text of [hydroText, newchickText, withLegacyHeaderAndFooter(hydroText), withLegacyHeaderAndFooter(newchickText)]) {
    expect(panelsOf(text, labels)).toBeGreaterThan(20);
  }
  return labels;
}

const labels = allLabels();
const languages = { en: en.editor, vi: vi.editor } as const;
type Namespace = "fields" | "choices" | "add" | "itemTypes";

describe("the core's panels in both languages", () => {
  it("open for both families, legacy header and footer included, with every kind of input", () => {
    expect([...labels.kinds].sort()).toEqual(
      [
        "choice",
        "collection",
        "color",
        "countdown",
        "flag",
        "font",
        "group",
        "image",
        "link",
        "list",
        "menu",
        "multiline",
        "number",
        "page",
        "product",
        "richText",
        "text",
        "words",
      ].sort(),
    );
    expect(labels.itemTypes).toContain("address");
    expect(labels.add).toContain("topbar_url");
  });

  for (const [namespace, produced] of [
    ["fields", labels.fields],
    ["choices", labels.choices],
    ["add", labels.add],
    ["itemTypes", labels.itemTypes],
  ] as [Namespace, Set<string>][]) {
    for (const [language, messages] of Object.entries(languages)) {
      it(`every ${namespace} label has its ${language} words, and none is left over`, () => {
        const known = messages[namespace] as Record<string, string>;
        expect([...produced].filter((label) => !known[label]?.trim())).toEqual([]);
        expect(Object.keys(known).filter((label) => !produced.has(label))).toEqual([]);
      });
    }
  }

  it("the checkout step layout offers the cart page, the checkout page and the mini cart", () => {
    const editor = ThemeEditor.load(newchickText);
    const field = editor.panel({ panel: "group", group: "product" }).fields.find((f) => f.input.kind === "choice" && f.pointer.endsWith("/checkoutStepLayout"));
    editor.free();
    if (field?.input.kind !== "choice") throw new Error("no checkout step layout");
    expect(field.input.options.map((o) => [o.value, en.editor.choices[o.label as keyof typeof en.editor.choices]])).toEqual([
      [1, "Cart page"],
      [2, "Checkout page"],
      [3, "Mini cart"],
    ]);
  });

  it("the test panel is listed only with full settings, with an image, a text area and a text field", () => {
    const editor = ThemeEditor.load(hydroText);
    const [merchants, support] = [false, true].map((full) => editor.settingsGroups("home", full).map((g) => g.group));
    const fields = editor.panel({ panel: "group", group: "test" }).fields.map((f) => [f.label, f.input.kind]);
    editor.free();
    expect(merchants).not.toContain("test");
    expect(support).toContain("test");
    expect(fields).toEqual([
      ["image", "image"],
      ["content", "multiline"],
      ["title", "text"],
    ]);
    expect(en.editor.groups.test).toBeTruthy();
    expect(vi.editor.groups.test).toBeTruthy();
  });

  it("the editor's timings and the link objects come from the core", () => {
    const constants = editorConstants();
    expect(constants.mobileFrameWidth).toBeGreaterThan(0);
    expect(constants.searchDebounceMs).toBeGreaterThan(0);
    expect(linkTo({ to: "collection", handle: "shoes", title: "Shoes" })).toMatchObject({ slug: "shoes", name: "Shoes" });
  });
});
