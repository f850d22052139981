// The orders' screens for the router: the list and an order's detail.
import { type Screens, lazyScreen } from "../../lib/screens";

const OrdersPage = lazyScreen(() => import("./components/OrdersPage"), "OrdersPage");
const OrderDetailPage = lazyScreen(() => import("./components/OrderDetailPage"), "OrderDetailPage");

export const screens: Screens = {
  named: { "website.orders": <OrdersPage /> },
  under: { "website.orders": [{ path: "detail/:id", element: <OrderDetailPage /> }] },
};
