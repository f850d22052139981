// The theme editor's screen for the router (full-screen; it brings dnd-kit and the editors'
// WebAssembly build).
import { type Screens, lazyScreen } from "../../lib/screens";

const EditorPage = lazyScreen(() => import("./components/EditorPage"), "EditorPage");

export const screens: Screens = {
  named: { "website.themes.editor": <EditorPage /> },
};
