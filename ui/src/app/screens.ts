// Every feature's screens (features/<name>/screens.tsx), merged for the router. A named route has
// one feature's screen; the screens under it may come from several (the payout route's gateway
// page is billing's).
import type { ReactNode } from "react";
import type { RouteInfo } from "../core";
import { screens as abandoned } from "../features/abandoned/screens";
import { screens as account } from "../features/account/screens";
import { screens as analytics } from "../features/analytics/screens";
import { screens as auth } from "../features/auth/screens";
import { screens as billing } from "../features/billing/screens";
import { screens as collections } from "../features/collections/screens";
import { screens as customers } from "../features/customers/screens";
import { screens as dashboard } from "../features/dashboard/screens";
import { screens as designEditor } from "../features/design-editor/screens";
import { screens as discounts } from "../features/discounts/screens";
import { screens as domains } from "../features/domains/screens";
import { screens as liveView } from "../features/live-view/screens";
import { screens as menus } from "../features/menus/screens";
import { screens as orders } from "../features/orders/screens";
import { screens as pages } from "../features/pages/screens";
import { screens as payouts } from "../features/payouts/screens";
import { screens as preferences } from "../features/preferences/screens";
import { screens as products } from "../features/products/screens";
import { screens as records } from "../features/records/screens";
import { screens as reports } from "../features/reports/screens";
import { screens as shell } from "../features/shell/screens";
import { screens as staff } from "../features/staff/screens";
import { screens as themeEditor } from "../features/theme-editor/screens";
import { screens as themes } from "../features/themes/screens";
import type { PathScreen, Screens } from "../lib/screens";

/** Every feature's screens. */
export const features: Screens[] = [
  auth,
  dashboard,
  orders,
  abandoned,
  products,
  collections,
  discounts,
  customers,
  pages,
  menus,
  domains,
  staff,
  payouts,
  billing,
  analytics,
  liveView,
  themes,
  preferences,
  themeEditor,
  records,
  reports,
  account,
  designEditor,
  shell,
];

const named = new Map(features.flatMap((feature) => Object.entries(feature.named ?? {})));
const under = features.flatMap((feature) => Object.entries(feature.under ?? {}));

/** The features' screens as the router reads them (screens.test.ts checks that no two features
 * draw one route, and that every name is one of the core's table). */
export const screens = {
  /** The screen of a named route, if a feature draws it. */
  named: (route: RouteInfo): ReactNode => named.get(route.name),
  /** The screens under a named route, at their full paths. */
  under: (route: RouteInfo): PathScreen[] =>
    under
      .filter(([name]) => name === route.name)
      .flatMap(([, list]) => list.map(({ path, element }) => ({ path: path.startsWith("/") ? path : `${route.path.replace(/\/$/, "")}/${path}`, element }))),
  framed: features.flatMap((feature) => feature.framed ?? []),
  open: features.flatMap((feature) => feature.open ?? []),
};
