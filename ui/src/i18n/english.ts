// The whole English catalogue, for the tests that compare it with Vietnamese or read its texts:
// the first download carries en.json, and the theme editor adds en-editor.json
// (features/theme-editor/utils/texts.ts).
import en from "./en.json";
import enEditor from "./en-editor.json";

export const english = { ...en, ...enEditor };
