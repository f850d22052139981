// What other features may use of the products feature: the products resource (collections pick
// products, personalized products and the record kinds list them, the bulk editor patches them).
export { products } from "./api/products";
