// The cost of a `/metrics` scrape with 50 stores' worth of traffic behind it (the goal: under
// 5 ms). Against a running server started with METRICS_TOKEN and a STORE_LIMIT of at least 50:
//
//   METRICS_TOKEN=... STORE_LIMIT=1000 target/release/server &
//   BASE_URL=http://127.0.0.1:8080 METRICS_TOKEN=... node bench/metrics-scrape.mjs
//
// It signs in as the demo owner, makes stores up to 50, gives each storefront visits, event
// batches and an Overview read (so that the request counters, the ingest's and the analytics
// index hold 50 stores), then times 100 scrapes one after another and prints the median, the
// 95th percentile and the slowest, with the scrape's size.
const BASE = process.env.BASE_URL ?? "http://127.0.0.1:8080";
const TOKEN = process.env.METRICS_TOKEN ?? "";
const STORES = Number(process.env.STORES ?? 50);
const SCRAPES = Number(process.env.SCRAPES ?? 100);
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";

async function call(path, { token, store, body, headers = {} } = {}) {
  const reply = await fetch(`${BASE}${path}`, {
    method: body ? "POST" : "GET",
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(store ? { "X-Store-Id": store } : {}),
      ...(body ? { "Content-Type": "application/json" } : {}),
      ...headers,
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await reply.text();
  return { status: reply.status, text, json: () => JSON.parse(text) };
}

const login = await call("/api/auth/login", { body: { email: "owner@storeloom.dev", password: "storeloom" } });
if (login.status !== 200) throw new Error(`sign-in: ${login.status} ${login.text}`);
const session = login.json().accessToken;
const stores = [];
for (let lastId = ""; ; ) {
  const page = (await call(`/api/users/stores${lastId ? `?lastId=${lastId}` : ""}`, { token: session })).json();
  stores.push(...page.stores);
  if (!page.lastId || page.stores.length === 0) break;
  lastId = page.lastId;
}
while (stores.length < STORES) {
  const made = await call("/api/users/create-store", { token: session, body: { storeName: `Scrape Bench ${stores.length + 1}` } });
  if (made.status >= 300) throw new Error(`create-store: ${made.status} ${made.text}`);
  stores.push(made.json());
}
const now = Date.now();
for (const [i, store] of stores.slice(0, STORES).entries()) {
  await call(`/s/${store.subdomain}/`);
  await call(`/s/${store.subdomain}/products/no-such-product`);
  for (let batch = 0; batch < 5; batch++) {
    const events = ["page_view", "view_content", "add_to_cart"].map((type, k) => ({ type, sessionId: `bench-${i}-${batch}`, at: now - 1_000 - k, page: "/" }));
    await call("/api/storefront/events", { body: { storeKey: store.id, events }, headers: { "User-Agent": BROWSER, "X-Forwarded-For": `198.51.100.${i + 1}` } });
  }
  await call("/api/stores/analytics/overview", { token: session, store: store.id });
}

const times = [];
let size = 0;
for (let i = 0; i < SCRAPES; i++) {
  const started = performance.now();
  const scrape = await call("/metrics", { token: TOKEN });
  times.push(performance.now() - started);
  if (scrape.status !== 200) throw new Error(`scrape: ${scrape.status}`);
  size = scrape.text.length;
}
times.sort((a, b) => a - b);
const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(2);
console.log(`${STORES} stores, ${SCRAPES} scrapes of ${(size / 1024).toFixed(1)} KiB: median ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`);
