// The preferences' screen for the router.
import { type Screens, lazyScreen } from "../../lib/screens";

const PreferencesPage = lazyScreen(() => import("./components/PreferencesPage"), "PreferencesPage");

export const screens: Screens = {
  named: { "website.preferences": <PreferencesPage /> },
};
