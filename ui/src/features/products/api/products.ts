// The product calls: /stores/products (search, status, paging), /stores/products/{id}.
import type { Product } from "../../../types/generated/Product";
import type { ProductInput } from "../../../types/generated/ProductInput";
import type { ProductList } from "../../../types/generated/ProductList";
import { resource } from "../../../components/records/resource";

export const products = resource<Product, ProductInput>({
  key: "products",
  path: "/stores/products",
  read: (answer) => {
    const list = answer as ProductList;
    return { rows: list.products, total: Number(list.total) };
  },
});

/** The input that replaces `product` unchanged. */
export function productInput(product: Product): ProductInput {
  return {
    title: product.title,
    handle: product.handle,
    descriptionHtml: product.descriptionHtml,
    images: product.images,
    price: product.price,
    compareAtPrice: product.compareAtPrice,
    weightGrams: product.weightGrams,
    options: product.options,
    variants: product.variants,
    tags: product.tags,
    status: product.status,
  };
}
