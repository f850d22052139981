// The dashboard's screen for the router: the home page.
import { type Screens, lazyScreen } from "../../lib/screens";

const HomePage = lazyScreen(() => import("./components/HomePage"), "HomePage");

export const screens: Screens = {
  named: { website: <HomePage /> },
};
