// The analytics screen for the router: the Overview (it brings the date picker and, later still,
// ECharts and the time-zone core).
import { type Screens, lazyScreen } from "../../lib/screens";

const OverviewPage = lazyScreen(() => import("./components/OverviewPage"), "OverviewPage");

export const screens: Screens = {
  named: { "website.analytics": <OverviewPage /> },
};
