// The store pages' screens for the router: the list and the page form.
import { type Screens, lazyScreen } from "../../lib/screens";

const PagesPage = lazyScreen(() => import("./components/PagesPage"), "PagesPage");
const PageFormPage = lazyScreen(() => import("./components/PageFormPage"), "PageFormPage");

export const screens: Screens = {
  named: { "website.pages": <PagesPage /> },
  under: {
    "website.pages": [
      { path: "create", element: <PageFormPage /> },
      { path: ":id", element: <PageFormPage /> },
    ],
  },
};
