// The orders list of a store with 10,000 orders: it opens, pages, jumps to the last page,
// searches and filters on the server, each step answering with the right rows. The orders are
// written straight into the test server's database (placing 10,000 through the checkout would
// take minutes). Each step's time is printed for the record; speed itself is not asserted here.
import { expect, test } from "@playwright/test";
import { OWNER, apiSession, enter, newStore, sqlInTestDatabase, watch } from "./helpers";

const ORDERS = 10_000;

test("a store with 10,000 orders lists, pages, searches and filters them on the server", async ({ page, request }) => {
  test.setTimeout(120_000);
  const session = await apiSession(request, OWNER);
  const name = `Busy Orders ${Date.now().toString(36)}`;
  const store = await newStore(request, session, name);
  const now = Date.now();
  const prefix = Math.floor(Math.random() * 0xffffffff)
    .toString(16)
    .padStart(8, "0");
  // Order #1001 is the newest, one a minute further back each; every fourth is fulfilled.
  sqlInTestDatabase(`INSERT INTO orders (id, store_id, order_number, order_name, customer_name, customer_email, currency,
      subtotal_minor, shipping_minor, discount_minor, grand_total_minor, financial_status, fulfillment_status,
      line_items, created_at, captured_at)
    WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${ORDERS - 1})
    SELECT printf('${prefix}-0000-7000-8000-%012d', i), '${store}', 1001 + i, '#' || (1001 + i), 'Buyer ' || i,
      'b' || i || '@example.com', 'USD', 1000, 0, 0, 1000, 'paid',
      CASE WHEN i % 4 = 0 THEN 'fulfilled' ELSE 'unfulfilled' END, '[]', ${now} - i * 60000, ${now} - i * 60000
    FROM n;`);

  const problems = watch(page);
  await enter(page, OWNER, new RegExp(name));
  const status = page.getByText(/^Page \d+ of \d+ · \d+ in all$/);
  const timings: string[] = [];
  async function step(label: string, action: () => Promise<unknown>, expectation: () => Promise<void>) {
    const started = Date.now();
    await action();
    await expectation();
    timings.push(`${label} ${Date.now() - started} ms`);
  }

  await step(
    "open",
    () => page.goto("/admin/orders"),
    async () => {
      await expect(status).toHaveText(new RegExp(`^Page 1 of \\d+ · ${ORDERS} in all$`));
      await expect(page.getByRole("link", { name: "#1001", exact: true })).toBeVisible();
    },
  );
  // The page size is the core's: read it off the list, a full page of rows under the header.
  const pages = Number((await status.textContent())?.match(/of (\d+)/)?.[1]);
  const pageSize = ORDERS / pages;
  expect(Number.isInteger(pageSize), `${ORDERS} orders on ${pages} pages`).toBe(true);
  await expect(page.getByRole("row")).toHaveCount(pageSize + 1);
  await step(
    "next page",
    () => page.getByRole("button", { name: "Next" }).click(),
    async () => {
      await expect(status).toHaveText(`Page 2 of ${pages} · ${ORDERS} in all`);
      await expect(page.getByRole("link", { name: `#${1001 + pageSize}`, exact: true })).toBeVisible();
    },
  );
  await step(
    "last page",
    () => page.goto(`/admin/orders?page=${pages}`),
    async () => {
      await expect(status).toHaveText(`Page ${pages} of ${pages} · ${ORDERS} in all`);
      await expect(page.getByRole("link", { name: `#${1000 + ORDERS}`, exact: true })).toBeVisible();
      await expect(page.getByRole("button", { name: "Next" })).toBeDisabled();
    },
  );
  await step(
    "search",
    () => page.goto("/admin/orders").then(() => page.getByRole("textbox", { name: /Search/ }).fill("#10500")),
    async () => {
      await expect(status).toHaveText(`Page 1 of 1 · 1 in all`);
      await expect(page.getByRole("link", { name: "#10500", exact: true })).toBeVisible();
    },
  );
  await step(
    "filter",
    () => page.goto("/admin/orders?fulfillmentStatus=fulfilled"),
    async () => {
      await expect(status).toHaveText(`Page 1 of ${Math.ceil(ORDERS / 4 / pageSize)} · ${ORDERS / 4} in all`);
      await expect(page.getByRole("link", { name: "#1005", exact: true })).toBeVisible();
      await expect(page.getByRole("link", { name: "#1002", exact: true })).toHaveCount(0);
    },
  );
  console.log(`Orders list with ${ORDERS} orders: ${timings.join(", ")}`);
  expect(problems).toEqual([]);
});
