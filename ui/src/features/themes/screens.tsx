// The themes' screen for the router.
import { type Screens, lazyScreen } from "../../lib/screens";

const ThemesPage = lazyScreen(() => import("./components/ThemesPage"), "ThemesPage");

export const screens: Screens = {
  named: { "website.settings.themes": <ThemesPage /> },
};
