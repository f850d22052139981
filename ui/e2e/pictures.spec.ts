// Pictures at their widths (issue 49): the storefront offers an uploaded picture's WebP widths,
// the browser takes one (the original stands in until the server's job makes them), a tiny
// picture still shows, and a picture that is missing is hidden rather than shown broken.
import { expect, test } from "@playwright/test";
import { OWNER, apiSession, call, newStore } from "./helpers";

// A 1 x 1 PNG: at its widths the browser reports it 0 px wide (its width over the density
// taken), which must not read as broken.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

test("a product's uploaded picture is loaded at a width on a phone, and a missing one is hidden", async ({ browser, request }) => {
  // A store of its own: its products stay out of the Demo Store the other specs walk.
  const owner = await apiSession(request, OWNER);
  const store = await newStore(request, owner, `Pictures ${Date.now()}`);
  const { subdomain } = await call<{ subdomain: string }>(request, owner, "GET", "/stores/current", undefined, store);
  const headers = { authorization: `Bearer ${owner.accessToken}`, "x-store-id": store };
  const upload = await request.post("/api/stores/onlinestore/images", {
    headers,
    multipart: { file: { name: "apron.png", mimeType: "image/png", buffer: PNG } },
  });
  expect(upload.status()).toBe(201);
  const { src } = (await upload.json()) as { src: string };
  const missing = src.replace(/[^/]+\.png$/, "no-such-picture.png");
  const product = async (title: string, picture: string) => {
    const made = await request.post("/api/stores/products", {
      headers,
      data: {
        title,
        descriptionHtml: "",
        price: 10,
        status: "active",
        tags: [],
        options: [],
        images: [{ src: picture, alt: `${title} picture` }],
        variants: [{ id: "", title: "Default", options: [], price: 10, stock: 5, sku: "" }],
      },
    });
    expect(made.status()).toBe(201);
    return ((await made.json()) as { handle: string }).handle;
  };
  const shown = await product(`Tiny apron ${Date.now()}`, src);
  const gone = await product(`Lost apron ${Date.now()}`, missing);

  const phone = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2 });
  const page = await phone.newPage();
  const fetched: string[] = [];
  page.on("response", (response) => {
    if (response.url().includes(src)) fetched.push(new URL(response.url()).pathname);
  });
  await page.goto(`/s/${subdomain}/products/${shown}`);
  const picture = page.getByRole("img", { name: /^Tiny apron .* picture$/ });
  await expect(picture).toHaveAttribute("srcset", new RegExp(`^${src}\\.w160\\.webp 160w, .* ${src}\\.w1600\\.webp 1600w$`));
  await expect(picture).toHaveJSProperty("complete", true);
  await page.waitForLoadState("networkidle");
  await expect(picture).toBeVisible();
  await expect(picture).not.toHaveClass(/broken/);
  expect(
    fetched.some((path) => /\.w\d+\.webp$/.test(path)),
    `a width was fetched: ${fetched.join(", ")}`,
  ).toBe(true);
  expect(fetched).not.toContain(src);

  await page.goto(`/s/${subdomain}/products/${gone}`);
  const lost = page.getByRole("img", { name: /^Lost apron .* picture$/, includeHidden: true });
  await expect(lost).toHaveClass(/broken/);
  await phone.close();
});

// A card's picture is taken at the smallest width that is still sharp where it is shown: on a
// phone (375 px at density 2, Lighthouse's 412 px at 1.75) and on a computer.
test("a collection's cards take the smallest sharp width on a phone and a computer", async ({ browser }) => {
  const widths = [160, 320, 640, 1024, 1600];
  const screens: [number, number, number][] = [
    [375, 800, 2],
    [412, 823, 1.75],
    [1280, 800, 1],
  ];
  for (const [width, height, density] of screens) {
    const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: density });
    const page = await context.newPage();
    await page.goto("/s/demo/collections/all");
    const cards = page.locator(".products .card img");
    await expect(cards.first()).toBeVisible();
    for (let i = 0; i < 4; i++) {
      const img = cards.nth(i);
      await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).currentSrc)).toMatch(/\.w\d+\.webp$/);
      const { src, shown } = await img.evaluate((el) => ({
        src: (el as HTMLImageElement).currentSrc,
        shown: el.getBoundingClientRect().width,
      }));
      const taken = Number(/\.w(\d+)\.webp$/.exec(src)?.[1]);
      const needed = shown * density;
      const where = `${width} px at ${density}: card ${i + 1} shown ${shown} px took ${taken}w`;
      expect(taken, where).toBeGreaterThanOrEqual(needed * 0.95);
      const smaller = widths.filter((w) => w < taken).pop() ?? 0;
      expect(smaller, where).toBeLessThan(needed);
    }
    await context.close();
  }
});
