// The records' screens for the router: the record kinds the spec names by route only (a list and
// a form each), inventory, the bulk editor and the settings pages.
import { type Screens, lazyScreen } from "../../lib/screens";

// The record kinds by their list's route name, and whether a record opens for editing (else
// each one is an action kept as history). The router reads this small table to lay out the
// routes without loading the kinds' screens; kinds.test.ts checks it against kinds.tsx.
export const recordRoutes: Record<string, { editable: boolean }> = {
  "website.sizechart": { editable: true },
  "website.menufilter": { editable: true },
  "website.apps.product-review.list": { editable: true },
  "website.catalog": { editable: true },
  "website.product-feeds": { editable: true },
  "website.clearCacheUrls": { editable: false },
  "website.bulkupdates": { editable: false },
};

const RecordListScreen = lazyScreen(() => import("./components/RecordScreens"), "RecordListScreen");
const RecordFormScreen = lazyScreen(() => import("./components/RecordScreens"), "RecordFormScreen");
const InventoryPage = lazyScreen(() => import("./components/BatchPages"), "InventoryPage");
const BulkEditPage = lazyScreen(() => import("./components/BatchPages"), "BulkEditPage");
const AppsPage = lazyScreen(() => import("./components/SettingPages"), "AppsPage");
const UpsellPage = lazyScreen(() => import("./components/SettingPages"), "UpsellPage");
const SalesChannelsPage = lazyScreen(() => import("./components/SettingPages"), "SalesChannelsPage");
const TelegramPage = lazyScreen(() => import("./components/SettingPages"), "TelegramPage");
const CustomStorePage = lazyScreen(() => import("./components/SettingPages"), "CustomStorePage");

export const screens: Screens = {
  named: {
    ...Object.fromEntries(Object.keys(recordRoutes).map((name) => [name, <RecordListScreen key={name} route={name} />])),
    "website.inventory": <InventoryPage />,
    "website.products.bulkEdit": <BulkEditPage />,
    "website.apps": <AppsPage />,
    "website.upsell": <UpsellPage />,
    "website.apps.widgets.list": <UpsellPage />,
    "website.sales-channel": <SalesChannelsPage />,
    "website.notification": <TelegramPage />,
    "website.themes": <CustomStorePage />,
  },
  under: Object.fromEntries(
    Object.entries(recordRoutes).map(([name, kind]) => [
      name,
      [
        { path: "create", element: <RecordFormScreen key={`${name}-new`} route={name} /> },
        ...(kind.editable ? [{ path: ":id", element: <RecordFormScreen key={name} route={name} /> }] : []),
      ],
    ]),
  ),
};
