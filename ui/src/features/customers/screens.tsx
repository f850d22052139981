// The customers' screens for the router: the list, a customer's page and its form.
import { type Screens, lazyScreen } from "../../lib/screens";

const CustomersPage = lazyScreen(() => import("./components/CustomersPage"), "CustomersPage");
const CustomerDetailPage = lazyScreen(() => import("./components/CustomerDetailPage"), "CustomerDetailPage");
const CustomerFormPage = lazyScreen(() => import("./components/CustomerFormPage"), "CustomerFormPage");

export const screens: Screens = {
  named: { "website.customer": <CustomersPage /> },
  under: {
    "website.customer": [
      { path: ":id", element: <CustomerDetailPage /> },
      { path: ":id/edit", element: <CustomerFormPage /> },
    ],
  },
};
