// The section list names every section of both templates, with one of every addable type added,
// by a human name in English and Vietnamese (never its key), numbered when a type repeats.
import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import hydroText from "../../../../../core-wasm/tests/fixtures/hydro.json?raw";
import newchickText from "../../../../../core-wasm/tests/fixtures/newchick.json?raw";
import { ThemeEditor } from "../../../core/theme";
import { english as en } from "../../../i18n/english";
import vi from "../../../i18n/vi.json";
import { sectionNames } from "./sectionNames";

async function translator(language: "en" | "vi") {
  const i18n = createInstance();
  await i18n.init({ lng: language, resources: { en: { translation: en }, vi: { translation: vi } }, interpolation: { escapeValue: false } });
  return i18n.t;
}

function sectionsWithEveryType(text: string) {
  const editor = ThemeEditor.load(text);
  let position = 0;
  for (const sectionType of editor.addableSectionTypes()) {
    editor.apply({ kind: "addSection", key: `added-${sectionType}-1`, sectionType, position, place: "below" });
    position += 1;
  }
  return editor.sections();
}

describe("section names", () => {
  for (const [family, text] of [
    ["hydro", hydroText],
    ["newchick", newchickText],
  ] as const) {
    for (const language of ["en", "vi"] as const) {
      it(`${family} in ${language}: every section has a translated name, never its key`, async () => {
        const t = await translator(language);
        const items = sectionsWithEveryType(text);
        const names = sectionNames(t, items);
        const typeNames = (language === "en" ? en : vi).editor.sectionTypes as Record<string, string>;
        for (const item of items) {
          const name = names.get(item.key) ?? "";
          expect(name, item.key).not.toContain(item.key);
          expect(
            Object.values(typeNames).some((typeName) => name.startsWith(typeName)),
            `${item.key}: ${name}`,
          ).toBe(true);
        }
      });
    }
  }

  it("numbers a repeated type from its second section on", async () => {
    const t = await translator("en");
    const names = sectionNames(t, [
      { key: "head-image-1", sectionType: "head-image" },
      { key: "collection_list-1", sectionType: "collection_list" },
      { key: "head-image-x7", sectionType: "head-image" },
    ]);
    expect([...names.values()]).toEqual(["Slideshow", "Collection list", "Slideshow 2"]);
  });
});
