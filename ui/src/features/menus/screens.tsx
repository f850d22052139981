// The menus' screens for the router: the list and the menu form.
import { type Screens, lazyScreen } from "../../lib/screens";

const MenusPage = lazyScreen(() => import("./components/MenusPage"), "MenusPage");
const MenuFormPage = lazyScreen(() => import("./components/MenuFormPage"), "MenuFormPage");

export const screens: Screens = {
  named: { "website.menus": <MenusPage /> },
  under: {
    "website.menus": [
      { path: "create", element: <MenuFormPage /> },
      { path: ":id", element: <MenuFormPage /> },
    ],
  },
};
