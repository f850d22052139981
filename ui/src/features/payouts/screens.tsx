// The payouts' screen for the router.
import { type Screens, lazyScreen } from "../../lib/screens";

const PayoutPage = lazyScreen(() => import("./components/PayoutPage"), "PayoutPage");

export const screens: Screens = {
  named: { "website.settings.payout": <PayoutPage /> },
};
