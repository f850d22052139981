// The abandoned checkouts' screens for the router: the list and a checkout's detail.
import { type Screens, lazyScreen } from "../../lib/screens";

const AbandonedCheckoutsPage = lazyScreen(() => import("./components/AbandonedCheckoutsPage"), "AbandonedCheckoutsPage");
const AbandonedCheckoutDetailPage = lazyScreen(() => import("./components/AbandonedCheckoutDetailPage"), "AbandonedCheckoutDetailPage");

export const screens: Screens = {
  named: { "website.abandoned": <AbandonedCheckoutsPage /> },
  under: { "website.abandoned": [{ path: ":id", element: <AbandonedCheckoutDetailPage /> }] },
};
