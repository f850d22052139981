// Labels of the config's wire names and the core's error codes, in the user's language.
import type { TFunction } from "i18next";
import type { ThemeErrorBody } from "../../../core/theme";

/** "show_top_bar" and "isShowAccount" read as "Show top bar" and "Is show account". */
export function humanize(name: string): string {
  const spaced = name
    .replace(/[-_]+/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .trim()
    .toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

export function fieldLabel(t: TFunction, name: string): string {
  return t(`editor.fields.${name}`, { defaultValue: humanize(name) });
}

/** The core's error in the user's language, by its stable code (the core's English by default). */
export function errorMessage(t: TFunction, error: ThemeErrorBody): string {
  const values: Record<string, unknown> = { min: error.min, max: error.max, count: error.count, defaultValue: error.message };
  return t(`editor.errors.${error.code.replace(/\./g, "_")}`, values);
}
