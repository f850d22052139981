// Pictures at the right size, measured: uploads phone-sized photos (4032 x 3024 JPEGs drawn in
// Chromium), waits for the server's background job to make their WebP widths, and prints each
// width's bytes against the original's. Then it opens a product of those photos on a phone
// (375 px wide, device pixel ratio 2) and on a desktop (1280 px, ratio 1), and prints the bytes
// of pictures the page loaded against the bytes of the same pictures at their original size
// (what the page loaded before the widths). It prints figures; it asserts nothing.
//
//   node bench/ui/pictures.mjs --url http://127.0.0.1:8080 --photos 4
import { base, email, launch, option, password, writeResult } from "./common.mjs";

const photos = Number(option("photos", "4"));

async function call(method, route, { token, store, body, form } = {}) {
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (store) headers["x-store-id"] = store;
  if (body) headers["content-type"] = "application/json";
  const response = await fetch(`${base}/api${route}`, { method, headers, body: form ?? (body ? JSON.stringify(body) : undefined) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : null;
}

/** A photo-like JPEG: soft gradients, shapes and grain, as a phone's photo compresses. */
async function photo(page, seed) {
  const data = await page.evaluate(async (seed) => {
    const canvas = new OffscreenCanvas(4032, 3024);
    const g = canvas.getContext("2d");
    let s = seed;
    const random = () => ((s = (s * 16807) % 2147483647) / 2147483647);
    const sky = g.createLinearGradient(0, 0, 0, 3024);
    sky.addColorStop(0, `hsl(${random() * 360}, 60%, 75%)`);
    sky.addColorStop(1, `hsl(${random() * 360}, 50%, 35%)`);
    g.fillStyle = sky;
    g.fillRect(0, 0, 4032, 3024);
    for (let i = 0; i < 60; i++) {
      g.fillStyle = `hsla(${random() * 360}, 55%, ${30 + random() * 50}%, ${0.2 + random() * 0.5})`;
      g.beginPath();
      g.ellipse(random() * 4032, random() * 3024, 80 + random() * 700, 80 + random() * 500, random() * 3, 0, Math.PI * 2);
      g.fill();
    }
    const grain = g.getImageData(0, 0, 4032, 3024);
    for (let i = 0; i < grain.data.length; i += 4) {
      const n = (random() - 0.5) * 14;
      grain.data[i] += n;
      grain.data[i + 1] += n;
      grain.data[i + 2] += n;
    }
    g.putImageData(grain, 0, 0);
    const blob = await canvas.convertToBlob({ type: "image/jpeg", quality: 0.82 });
    return Array.from(new Uint8Array(await blob.arrayBuffer()));
  }, seed);
  return Buffer.from(data);
}

const browser = await launch();
const maker = await browser.newPage();
const login = await call("POST", "/auth/login", { body: { email, password } });
const token = login.accessToken;
const store = login.storeId;
const uploads = [];
for (let i = 0; i < photos; i++) {
  const bytes = await photo(maker, 1000 + i * 7919);
  const form = new FormData();
  form.append("file", new Blob([bytes], { type: "image/jpeg" }), `photo-${i}.jpg`);
  const made = await call("POST", "/stores/onlinestore/images", { token, store, form });
  uploads.push({ src: made.src, bytes: bytes.length });
}
await maker.close();

// The background job: every width of every photo, as WebP.
const WIDTHS = [160, 320, 640, 1024, 1600];
const deadline = Date.now() + 120_000;
for (const upload of uploads) {
  upload.widths = {};
  for (const width of WIDTHS) {
    for (;;) {
      const response = await fetch(`${base}${upload.src}.w${width}.webp`);
      const body = await response.arrayBuffer();
      if (response.headers.get("content-type") === "image/webp") {
        upload.widths[width] = body.byteLength;
        break;
      }
      if (Date.now() > deadline) throw new Error(`the widths of ${upload.src} were not made in 2 minutes`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}
const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
const original = uploads.reduce((sum, u) => sum + u.bytes, 0) / uploads.length;
console.log(`${uploads.length} photos of 4032 x 3024, JPEG: ${kb(original)} on average`);
for (const width of WIDTHS) {
  const mean = uploads.reduce((sum, u) => sum + u.widths[width], 0) / uploads.length;
  console.log(`  ${String(width).padStart(4)} px WebP: ${kb(mean)} (${((100 * mean) / original).toFixed(1)} % of the original)`);
}

// A product of the photos, opened as a shopper would: which widths the browser takes.
const product = await call("POST", "/stores/products", {
  token,
  store,
  body: {
    title: `Bench photos ${Date.now()}`, descriptionHtml: "", price: 30, status: "active", tags: [], options: [],
    images: uploads.map((u, i) => ({ src: u.src, alt: `Photo ${i + 1}` })),
    variants: [{ id: "", title: "Default", options: [], price: 30, stock: 5, sku: "" }],
  },
});
const byPath = new Map(uploads.flatMap((u) => [[u.src, u], ...WIDTHS.map((w) => [`${u.src}.w${w}.webp`, u])]));
const pages = {};
for (const [name, viewport, ratio] of [["phone", { width: 375, height: 812 }, 2], ["desktop", { width: 1280, height: 900 }, 1]]) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: ratio });
  const page = await context.newPage();
  const loaded = [];
  page.on("response", async (response) => {
    const path = new URL(response.url()).pathname;
    const upload = byPath.get(path);
    if (upload) loaded.push({ path, bytes: (await response.body()).length, original: upload.bytes });
  });
  await page.goto(`${base}/s/demo/products/${product.handle}`, { waitUntil: "networkidle" });
  const bytes = loaded.reduce((sum, l) => sum + l.bytes, 0);
  const before = loaded.reduce((sum, l) => sum + l.original, 0);
  pages[name] = { loaded: loaded.map((l) => l.path.replace(/^.*\//, "")), bytes, before, ratio: bytes / before };
  console.log(`${name} (${viewport.width} px, ratio ${ratio}): ${loaded.length} pictures, ${kb(bytes)} against ${kb(before)} at their original size: ${(bytes / before).toFixed(3)}x (goal <= 0.25x)`);
  await context.close();
}
// The store's home page on a phone, scrolled to its end as a shopper would (so that every lazy
// picture loads): the bytes of its pictures against the same pictures at their original size,
// what it loaded before the widths (the demo catalogue's pictures are uploaded JPEG photos).
const originals = new Map();
async function originalBytes(path) {
  if (!originals.has(path)) originals.set(path, (await (await fetch(`${base}${path}`)).arrayBuffer()).byteLength);
  return originals.get(path);
}
{
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2 });
  const page = await context.newPage();
  const responses = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "image") responses.push(response);
  });
  await page.goto(`${base}/s/demo/`, { waitUntil: "networkidle" });
  for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += 600) {
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(100);
  }
  await page.waitForLoadState("networkidle");
  let bytes = 0;
  let before = 0;
  for (const response of responses) {
    const path = new URL(response.url()).pathname;
    const size = (await response.body()).length;
    const width = path.match(/^(\/uploads\/.+)\.w\d+\.webp$/);
    bytes += size;
    before += width ? await originalBytes(width[1]) : size;
  }
  pages.home = { pictures: responses.length, widths: responses.filter((r) => /\.w\d+\.webp$/.test(r.url())).length, bytes, before, ratio: bytes / before };
  console.log(`the store's home page on a phone (375 px, ratio 2), scrolled to its end: ${responses.length} pictures (${pages.home.widths} at a width), ${kb(bytes)} against ${kb(before)} with the uploads at their original size: ${(bytes / before).toFixed(3)}x (goal <= 0.25x)`);
  await context.close();
}
await browser.close();
writeResult({ photos: uploads, pages });
