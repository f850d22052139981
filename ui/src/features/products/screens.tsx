// The products' screens for the router: the list and the product form (new and edit).
import { type Screens, lazyScreen } from "../../lib/screens";

const ProductsPage = lazyScreen(() => import("./components/ProductsPage"), "ProductsPage");
const ProductFormPage = lazyScreen(() => import("./components/ProductFormPage"), "ProductFormPage");

export const screens: Screens = {
  named: {
    "website.products": <ProductsPage />,
    "website.products.create": <ProductFormPage />,
    "website.products.update": <ProductFormPage />,
  },
};
