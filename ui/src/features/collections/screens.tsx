// The collections' screens for the router: the list and the collection form.
import { type Screens, lazyScreen } from "../../lib/screens";

const CollectionsPage = lazyScreen(() => import("./components/CollectionsPage"), "CollectionsPage");
const CollectionFormPage = lazyScreen(() => import("./components/CollectionFormPage"), "CollectionFormPage");

export const screens: Screens = {
  named: { "website.collections": <CollectionsPage /> },
  under: {
    "website.collections": [
      { path: "create", element: <CollectionFormPage /> },
      { path: ":id", element: <CollectionFormPage /> },
    ],
  },
};
