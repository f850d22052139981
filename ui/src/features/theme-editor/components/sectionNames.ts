// The names the section list shows: each section by its type's name in the user's language
// (the core's section types, translated), numbered when a page holds more than one of a type
// ("Slideshow", "Slideshow 2"), never by its technical key.
import type { TFunction } from "i18next";

export function sectionTypeLabel(t: TFunction, type: string): string {
  return t(`editor.sectionTypes.${type.replace(/-/g, "_")}`, { defaultValue: t("library.editor.unknownSection") });
}

/** Each section's display name by key, in list order. */
export function sectionNames(t: TFunction, items: { key: string; sectionType: string }[]): Map<string, string> {
  const totals = new Map<string, number>();
  for (const item of items) totals.set(item.sectionType, (totals.get(item.sectionType) ?? 0) + 1);
  const seen = new Map<string, number>();
  const names = new Map<string, string>();
  for (const item of items) {
    const n = (seen.get(item.sectionType) ?? 0) + 1;
    seen.set(item.sectionType, n);
    const name = sectionTypeLabel(t, item.sectionType);
    names.set(item.key, (totals.get(item.sectionType) ?? 0) > 1 && n > 1 ? t("library.editor.numbered", { name, n }) : name);
  }
  return names;
}
