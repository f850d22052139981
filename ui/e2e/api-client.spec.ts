// A client made from the server's OpenAPI document alone: openapi-typescript's `paths` (written
// from the built server's document by scripts/openapi.sh, compiled by the UI typecheck) typing
// openapi-fetch. Its calls name the document's paths, parameters and bodies, and the server's
// answers read as the document says: what a client built by someone else would meet.
import { expect, test } from "@playwright/test";
import createClient from "openapi-fetch";
import type { paths } from "../src/types/openapi";
import { OWNER, PASSWORD } from "./helpers";

test("a client typed by the OpenAPI document signs in and reads a store through the document's paths", async ({ baseURL }) => {
  const client = createClient<paths>({ baseUrl: `${baseURL}/api` });

  const signedIn = await client.POST("/auth/login", { body: { email: OWNER, password: PASSWORD } });
  expect(signedIn.response.status).toBe(200);
  const accessToken = signedIn.data?.accessToken ?? "";
  expect(accessToken).not.toBe("");
  const headers = { Authorization: `Bearer ${accessToken}` };

  const info = await client.GET("/users/info", { headers });
  expect(info.data?.email).toBe(OWNER);

  // A query parameter (the first page of the user's stores has no `lastId`).
  const stores = await client.GET("/users/stores", { params: { query: {} }, headers });
  const demo = stores.data?.stores.find((store) => store.subdomain === "demo");
  expect(demo, "the Demo Store is among the owner's stores").toBeDefined();
  const store = { "X-Store-Id": demo?.id ?? "" };

  // A store's header and query parameters, then a path parameter.
  const products = await client.GET("/stores/products", { params: { header: store, query: { page: 1, limit: 5 } }, headers });
  const first = products.data?.products[0];
  expect(first, "the Demo Store has products").toBeDefined();
  expect(products.data?.total).toBeGreaterThanOrEqual(products.data?.products.length ?? 0);
  const product = await client.GET("/stores/products/{id}", { params: { header: store, path: { id: first?.id ?? "" } }, headers });
  expect(product.data?.title).toBe(first?.title);

  // A refusal: the document's error body.
  const refused = await client.GET("/users/info", { headers: { Authorization: "Bearer not-a-token" } });
  expect(refused.response.status).toBe(401);
  expect(refused.error?.messages.length).toBeGreaterThan(0);
});
