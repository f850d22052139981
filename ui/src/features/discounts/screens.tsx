// The discounts' screens for the router: code and automatic discounts, each a list and a form.
import { type Screens, lazyScreen } from "../../lib/screens";

const DiscountsPage = lazyScreen(() => import("./components/DiscountsPage"), "DiscountsPage");
const DiscountFormPage = lazyScreen(() => import("./components/DiscountFormPage"), "DiscountFormPage");

function forms(method: "code" | "automatic") {
  return [
    { path: "create", element: <DiscountFormPage key={`${method}-new`} method={method} /> },
    { path: ":id", element: <DiscountFormPage key={method} method={method} /> },
  ];
}

export const screens: Screens = {
  named: {
    "website.discount.code": <DiscountsPage method="code" />,
    "website.discount.automatic": <DiscountsPage method="automatic" />,
  },
  under: {
    "website.discount.code": forms("code"),
    "website.discount.automatic": forms("automatic"),
  },
};
