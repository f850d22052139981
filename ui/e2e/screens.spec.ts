// The detail and form screens behind the lists (which walk.spec.ts photographs): each opens on
// a real record of the demo store with its heading and without an error, and is photographed
// (desktop) into e2e/screenshots/.
import { expect, test } from "@playwright/test";
import { OWNER, apiSession, call, enter, watch } from "./helpers";

const SHOTS = "e2e/screenshots";

test("every detail and form screen opens on a demo record and is photographed", async ({ page, request }) => {
  test.setTimeout(120_000);
  const owner = await apiSession(request, OWNER);
  const first = async <T>(path: string, key: string) => (await call<Record<string, T[]>>(request, owner, "GET", path))[key]![0]!;
  const order = await first<{ id: string }>("/stores/orders?limit=1", "orders");
  const product = await first<{ id: string }>("/stores/products?limit=1", "products");
  const collection = await first<{ id: string }>("/stores/collections?limit=1", "collections");
  const customer = await first<{ id: string }>("/stores/customers?limit=1", "customers");
  const sitePage = await first<{ id: string }>("/stores/onlinestore/pages/?limit=1", "pages");
  const menu = (await call<{ id: string }[]>(request, owner, "GET", "/stores/onlinestore/menus/"))[0]!;
  const screens: [string, string][] = [
    [`/admin/orders/detail/${order.id}`, "order-detail"],
    [`/admin/products/${product.id}`, "product-form"],
    ["/admin/products/create", "product-create"],
    [`/admin/collections/${collection.id}`, "collection-form"],
    [`/admin/customers/${customer.id}`, "customer-detail"],
    [`/admin/online-store/pages/${sitePage.id}`, "page-form"],
    [`/admin/online-store/navigation/${menu.id}`, "menu-form"],
    ["/admin/discounts/code/create", "discount-create"],
    ["/admin/online-store/members/invite", "staff-invite"],
    ["/admin/online-store/size-chart/create", "size-chart-create"],
    ["/admin/apps/product-review/create", "review-create"],
    ["/admin/bulk-updates/create", "bulk-update-create"],
  ];
  await page.setViewportSize({ width: 1280, height: 800 });
  const problems = watch(page);
  await enter(page, OWNER, /Demo Store/);
  for (const [path, name] of screens) {
    await page.goto(path);
    await expect(page.getByRole("main").getByRole("heading", { level: 1 }), path).toBeVisible();
    await expect(page.getByRole("main").locator("[aria-busy='true']")).toHaveCount(0);
    // The rich-text editors (a page's body, a product's description) arrive on demand; the
    // product form is photographed whole, with its images, options and variants.
    if (name === "page-form") await expect(page.getByRole("textbox", { name: "Content" })).toBeVisible();
    if (name.startsWith("product-")) await expect(page.getByRole("textbox", { name: "Description" })).toBeVisible();
    if (name === "product-form") await expect(page.getByTestId("product-variants")).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/screen-${name}.png`, fullPage: name === "product-form" });
  }
  expect(problems).toEqual([]);
});
