// The reports' screens for the router: sales, estimated profit, UTM links and the pixels.
import { type Screens, lazyScreen } from "../../lib/screens";

const SalesReportPage = lazyScreen(() => import("./components/SalesReportPage"), "SalesReportPage");
const ProfitPage = lazyScreen(() => import("./components/ProfitPage"), "ProfitPage");
const UtmPage = lazyScreen(() => import("./components/UtmPage"), "UtmPage");
const PixelPage = lazyScreen(() => import("./components/PixelPage"), "PixelPage");

export const screens: Screens = {
  named: {
    "website.sales-reports": <SalesReportPage />,
    "website.estimated-profit": <ProfitPage />,
    "website.utm-analystics": <UtmPage />,
    "website.pixel.sharePixel": <PixelPage />,
  },
};
