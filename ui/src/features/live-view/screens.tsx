// The live view's screen for the router.
import { type Screens, lazyScreen } from "../../lib/screens";

const LiveViewPage = lazyScreen(() => import("./components/LiveViewPage"), "LiveViewPage");

export const screens: Screens = {
  named: { "website.live-view": <LiveViewPage /> },
};
