// The theme editor's English texts join the catalogue when the editor's chunk loads: they are
// the largest part of it, and the first download (the sign-in page) does not need them.
// Vietnamese arrives whole (vi.json), so only English is split.
import i18n from "../../../i18n";
import enEditor from "../../../i18n/en-editor.json";

i18n.addResourceBundle("en", "translation", enEditor, true, false);
