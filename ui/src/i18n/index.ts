// i18next set-up: English and Vietnamese, the choice remembered in local storage.
//
// Texts that come from the core (greetings, form messages) are not repeated in en.json: the
// core's English text is the default value, and vi.json translates them under "core.<code>".
//
// English comes with the first download; Vietnamese is fetched when it is the chosen language
// (before the first render, see main.tsx) or when the user switches to it.
import i18n, { type BackendModule } from "i18next";
import { initReactI18next } from "react-i18next";
import en from "./en.json";

export const LANGUAGES = ["en", "vi"] as const;
export type Language = (typeof LANGUAGES)[number];
const STORAGE_KEY = "storeloom.language";

function initialLanguage(): Language {
  const saved = typeof localStorage === "undefined" ? null : localStorage.getItem(STORAGE_KEY);
  return saved === "vi" ? "vi" : "en";
}

/** Loads a language other than English from its own chunk. */
const otherLanguages: BackendModule = {
  type: "backend",
  init() {},
  read(language, _namespace, callback) {
    if (language !== "vi") return callback(null, {});
    import("./vi.json").then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

/** Settles when the chosen language's texts are loaded. */
export const i18nReady = i18n
  .use(otherLanguages)
  .use(initReactI18next)
  .init({
    resources: { en: { translation: en } },
    partialBundledLanguages: true,
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
