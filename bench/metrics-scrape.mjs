// The cost of a `/metrics` scrape with 50 stores' worth of traffic behind it (the goal: under
// 5 ms). `npm run bench` runs it (its "metrics" section) against the server it starts; alone,
// against a running server started with METRICS_TOKEN and a STORE_LIMIT of at least 50:
//
//   METRICS_TOKEN=... STORE_LIMIT=1000 target/release/server &
//   BASE_URL=http://127.0.0.1:8080 METRICS_TOKEN=... node bench/metrics-scrape.mjs
//
// It signs in as the demo owner, makes stores up to 50, gives each storefront visits, event
// batches and an Overview read (so that the request counters, the ingest's and the analytics
// index hold 50 stores), then times scrapes one after another, each after a request to
// /api/health timed the same way: the floor of the same client and server in the same run.
import { fileURLToPath } from "node:url";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";

/** Median, p95 and slowest of timings in ms. */
function figures(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.round(q * (sorted.length - 1)))];
  return { n: sorted.length, p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] };
}

/** Fills `base` with `stores` stores' traffic and times `scrapes` scrapes against the floor. */
export async function scrapeBench({ base, token, stores: wanted = 50, scrapes = 200, owner = "owner@storeloom.dev", password = "storeloom" }) {
  async function call(path, { bearer, store, body, headers = {} } = {}) {
    const reply = await fetch(`${base}${path}`, {
      method: body ? "POST" : "GET",
      headers: {
        ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}),
        ...(store ? { "X-Store-Id": store } : {}),
        ...(body ? { "Content-Type": "application/json" } : {}),
        ...headers,
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await reply.text();
    return { status: reply.status, text, json: () => JSON.parse(text) };
  }

  const login = await call("/api/auth/login", { body: { email: owner, password } });
  if (login.status !== 200) throw new Error(`sign-in: ${login.status} ${login.text}`);
  const session = login.json().accessToken;
  const stores = [];
  for (let lastId = ""; ; ) {
    const page = (await call(`/api/users/stores${lastId ? `?lastId=${lastId}` : ""}`, { bearer: session })).json();
    stores.push(...page.stores);
    if (!page.lastId || page.stores.length === 0) break;
    lastId = page.lastId;
  }
  while (stores.length < wanted) {
    const made = await call("/api/users/create-store", { bearer: session, body: { storeName: `Scrape Bench ${stores.length + 1}` } });
    if (made.status >= 300) throw new Error(`create-store: ${made.status} ${made.text}`);
    stores.push(made.json());
  }
  const now = Date.now();
  for (const [i, store] of stores.slice(0, wanted).entries()) {
    await call(`/s/${store.subdomain}/`);
    await call(`/s/${store.subdomain}/products/no-such-product`);
    for (let batch = 0; batch < 5; batch++) {
      const events = ["page_view", "view_content", "add_to_cart"].map((type, k) => ({ type, sessionId: `bench-${i}-${batch}`, at: now - 1_000 - k, page: "/" }));
      await call("/api/storefront/events", { body: { storeKey: store.id, events }, headers: { "User-Agent": BROWSER, "X-Forwarded-For": `198.51.100.${i + 1}` } });
    }
    await call("/api/stores/analytics/overview", { bearer: session, store: store.id });
  }

  const scrape = [];
  const floor = [];
  let bytes = 0;
  for (let i = 0; i < scrapes; i++) {
    let started = performance.now();
    const health = await call("/api/health");
    floor.push(performance.now() - started);
    if (health.status !== 200) throw new Error(`health: ${health.status}`);
    started = performance.now();
    const answer = await call("/metrics", { bearer: token });
    scrape.push(performance.now() - started);
    if (answer.status !== 200) throw new Error(`scrape: ${answer.status}`);
    // Every store's traffic is behind the figures: the storefront's route template counted.
    if (!answer.text.includes('route="/s/{subdomain}/"')) throw new Error("the scrape lacks the storefront's requests");
    bytes = answer.text.length;
  }
  return { stores: wanted, bytes, scrape: figures(scrape), floor: figures(floor) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await scrapeBench({
    base: process.env.BASE_URL ?? "http://127.0.0.1:8080",
    token: process.env.METRICS_TOKEN ?? "",
    stores: Number(process.env.STORES ?? 50),
    scrapes: Number(process.env.SCRAPES ?? 200),
  });
  const f = (x) => x.toFixed(2);
  console.log(
    `${result.stores} stores, ${result.scrape.n} scrapes of ${(result.bytes / 1024).toFixed(1)} KiB: median ${f(result.scrape.p50)} ms, p95 ${f(result.scrape.p95)} ms, max ${f(result.scrape.max)} ms; /api/health in the same run: median ${f(result.floor.p50)} ms, p95 ${f(result.floor.p95)} ms`,
  );
}
