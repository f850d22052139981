// i18next set-up: English and Vietnamese, the choice remembered in local storage.
//
// Texts that come from the core (greetings, form messages) are not repeated in en.json: the
// core's English text is the default value, and vi.json translates them under "core.<code>".
import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import en from "./en.json";
import vi from "./vi.json";

export const LANGUAGES = ["en", "vi"] as const;
export type Language = (typeof LANGUAGES)[number];
const STORAGE_KEY = "storeloom.language";

function initialLanguage(): Language {
  const saved = typeof localStorage === "undefined" ? null : localStorage.getItem(STORAGE_KEY);
  return saved === "vi" ? "vi" : "en";
}

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, vi: { translation: vi } },
  lng: initialLanguage(),
  fallbackLng: "en",
  interpolation: { escapeValue: false },
});

i18n.on("languageChanged", (language) => {
  if (typeof localStorage !== "undefined") localStorage.setItem(STORAGE_KEY, language);
  if (typeof document !== "undefined") document.documentElement.lang = language;
});

/** Translates a text the core produced, by its code, falling back to the core's English. */
export function translateCore(code: string, english: string, values: Record<string, unknown> = {}): string {
  return i18n.t(`core.${code}`, { ...values, defaultValue: english });
}

export default i18n;
