// The operator's metrics on the real server: `/metrics` on the public port is refused without the
// token (METRICS_TOKEN, playwright.config.ts), and a scrape with it finds the requests just made
// counted by their route template, never by their raw path, with the gauges read at scrape time.
import { type APIRequestContext, expect, test } from "@playwright/test";
import { METRICS_TOKEN } from "./helpers";

/** The sum of the samples of `name` whose labels include each of `labels` (`key="value"`). */
function sample(text: string, name: string, labels: string[] = []): number {
  let sum = 0;
  for (const line of text.split("\n")) {
    if (line.startsWith("#")) continue;
    const space = line.lastIndexOf(" ");
    const series = line.slice(0, space);
    const brace = series.indexOf("{");
    const metric = brace < 0 ? series : series.slice(0, brace);
    if (metric === name && labels.every((label) => series.includes(label))) sum += Number(line.slice(space + 1));
  }
  return sum;
}

async function scrape(request: APIRequestContext): Promise<string> {
  const reply = await request.get("/metrics", { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(reply.status()).toBe(200);
  expect(reply.headers()["content-type"]).toContain("text/plain; version=0.0.4");
  return reply.text();
}

test("the public port refuses /metrics without the token and counts requests by route for its bearer", async ({ request }) => {
  const anonymous = await request.get("/metrics");
  expect(anonymous.status()).toBe(401);
  expect(await anonymous.text()).not.toContain("storeloom_");
  const wrong = await request.get("/metrics", { headers: { Authorization: "Bearer not-the-metrics-token" } });
  expect(wrong.status()).toBe(401);

  const health = ['route="/api/health"', 'method="GET"', 'status="200"'];
  const product = ['route="/s/{subdomain}/products/{handle}"', 'status="404"'];
  const before = await scrape(request);

  for (let i = 0; i < 3; i++) {
    const reply = await request.get("/api/health");
    expect(reply.status()).toBe(200);
    // Each answer carries its trace id, the one its log lines name.
    expect(reply.headers()["x-request-id"]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  }
  const given = await request.get("/api/health", { headers: { "X-Request-Id": "edge-trace-42" } });
  expect(given.headers()["x-request-id"]).toBe("edge-trace-42");
  expect((await request.get("/s/demo/products/no-such-product-e2e")).status()).toBe(404);
  const refused = await request.post("/api/auth/login", { data: { email: "nobody@example.com", password: "not the password" } });
  expect(refused.status()).toBe(401);

  const after = await scrape(request);
  expect(sample(after, "storeloom_http_requests_total", health) - sample(before, "storeloom_http_requests_total", health)).toBeGreaterThanOrEqual(4);
  expect(sample(after, "storeloom_http_requests_total", product) - sample(before, "storeloom_http_requests_total", product)).toBe(1);
  expect(sample(after, "storeloom_http_request_duration_seconds_count", ['route="/api/health"'])).toBeGreaterThanOrEqual(4);
  expect(sample(after, "storeloom_login_failures_total") - sample(before, "storeloom_login_failures_total")).toBe(1);
  // Raw paths never become labels: no store name, no product handle.
  expect(after).not.toContain("no-such-product-e2e");
  expect(after).not.toContain('route="/s/demo');
  // The gauges read at scrape time.
  expect(sample(after, "storeloom_db_pool_max_connections")).toBeGreaterThan(0);
  expect(after).toMatch(/^storeloom_ingest_queue_depth \d+/m);
  expect(after).toMatch(/^storeloom_outbox_pending \d+/m);
  expect(sample(after, "process_resident_memory_bytes")).toBeGreaterThan(1_000_000);
});
