// The billing screens for the router: the payment gateways and the plans, each under a settings
// route.
import { type Screens, lazyScreen } from "../../lib/screens";

const PaymentGatewayPage = lazyScreen(() => import("./components/PaymentGatewayPage"), "PaymentGatewayPage");
const PlansPage = lazyScreen(() => import("./components/PlansPage"), "PlansPage");

export const screens: Screens = {
  under: {
    // The gateway calls need the payout route's scope (`checkout`): the screen sits under
    // Settings behind the same permission.
    "website.settings.payout": [{ path: "/settings/payment-gateway", element: <PaymentGatewayPage /> }],
    "website.settings.account": [{ path: "plans", element: <PlansPage /> }],
  },
};
