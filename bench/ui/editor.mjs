// Typing in the theme editor, in Chromium. Every keystroke in a text field or a colour is an edit:
// the admin sends it to the live preview frame as a small command, the frame runs it on its own
// copy of the document, renders at its next animation frame and answers `storeloom:rendered`.
// The script measures the issue's four goals:
//
// 1. A typed character to the preview painted, on a ~200 KB config: from the `input` event of one
//    character typed into a home section's one-line text field to the first `storeloom:rendered`
//    after it; then the same for the header's top-bar text and for a theme colour of the Setting
//    tab. It covers the core's mutation in WebAssembly, the command's trip to the frame, the
//    frame's run of it, its render (the core's storefront renderer, as WebAssembly in the frame:
//    no request), the frame putting the result in place and painting it (the frame answers from
//    a task after the animation frame it rendered in). The next character waits for that answer.
//    Its floor in the same run: a Shift key in the same field (no edit), from its keydown to the
//    frame's answer from its next animation frame, which is what the browser's frame scheduling
//    alone costs on this machine; each case is printed over it too. The goal itself, "one
//    frame", is counted in frames: from the first animation frame after the input to the frame
//    after the one that painted the edit, in refreshes (1: painted in the next frame, which kept
//    to its refresh).
// 2. The same on three configs of about 20 KB, 200 KB and 1,000,000 bytes: the time must not grow
//    with the theme's size.
// 3. The bytes each keystroke carries to the frame, to IndexedDB (the local draft) and to the
//    server (the live session's commands, or the draft's copy written a second after the last
//    edit outside a live session).
// 4. Typing at a person's pace stays smooth: from each keydown to the admin's next animation
//    frame, and Chromium's long tasks during the burst.
//
// Each size is a theme of its own, a copy of the demo owner's first theme, grown with copies of its
// largest homepage section and, past 40 sections, an unknown padding field (see `sized`), saved
// through the config API with If-Match.
//
// Run against a running server with the demo data and the built UI (see bench/ui/README.md):
//   node bench/ui/editor.mjs [--url http://127.0.0.1:8080] [--edits 40] [--bytes 204800] [--keys 30] [--burst 40]
// It prints figures; it asserts nothing.
import { base, email, launch, option, password, percentile, signIn, summary, writeResult } from "./common.mjs";

const edits = Math.max(20, Number(option("edits", "40")));
const targetBytes = Number(option("bytes", String(200 * 1024)));
const keys = Math.max(10, Number(option("keys", "30")));
const burst = Math.max(10, Number(option("burst", "40")));
const goalMs = 16;
// Flat in the theme's size: the largest config's p95 at most this many times the smallest's.
const sizeGoal = 1.25;
// Bytes a keystroke may carry to each place.
const goalBytes = 2048;
// A task longer than this is a long task (the Long Tasks API reports no shorter one).
const longTaskMs = 50;
// A person typing: about 60 ms between keys.
const typingDelayMs = 60;
// The smallest config, and the largest: the issue asked for 2 MB, but the product refuses a
// config over 1 MiB (THEME_CONFIG_MAX_BYTES in core-wasm/src/limits.rs), so a little under it,
// which leaves room for the edits.
const smallBytes = 20 * 1024;
const largestBytes = 1_000_000;
// Sections on the grown home page: under the 50 a page may hold (THEME_SECTIONS_PER_PAGE_MAX).
const sectionsMax = 40;
// Padding strings stay under the core's 200,000 characters a text may hold (THEME_TEXT_MAX_CHARS):
// a single string of the whole padding is refused (value.tooLong).
const paddingChunk = 100_000;
// What the text fields are typed with.
const sentence = "the quick brown fox jumps over the lazy dog ";

async function json(response, what) {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

const jsonSize = (value) => JSON.stringify(value).length;

/**
 * `source` brought to about `target` bytes of JSON, and its count of home-page sections. Too
 * large: the last home-page sections go (the first, which hold the edited field, stay). Too
 * small: copies of its largest home-page section up to `sectionsMax` sections, then, if still
 * short, an unknown field `bench_padding` (strings of `paddingChunk` characters at most) in the
 * last copy's settings: the core keeps unknown fields and the storefront renders nothing of them.
 */
function sized(source, target) {
  const config = structuredClone(source);
  const sections = config.pages.homepage.sections;
  const byIndex = () => Object.entries(sections).sort((a, b) => (a[1].index ?? 0) - (b[1].index ?? 0));
  while (jsonSize(config) > target && Object.keys(sections).length > 2) delete sections[byIndex().at(-1)[0]];
  const [, template] = Object.entries(sections).sort((a, b) => jsonSize(b[1]) - jsonSize(a[1]))[0];
  let index = Math.max(...Object.values(sections).map((s) => s.index ?? 0)) + 1;
  let last = template;
  while (Object.keys(sections).length < sectionsMax && jsonSize(config) + jsonSize(template) <= target) {
    const key = `${template.type}-${900 + index}`;
    last = { ...structuredClone(template), key, index };
    sections[key] = last;
    index += 1;
  }
  // A few bytes short is near enough (the padding field's own name costs about twenty).
  if (target - jsonSize(config) > 64) {
    last.settings = { ...last.settings, bench_padding: [] };
    // Each string adds its characters, its two quotes and a comma.
    for (let missing = target - jsonSize(config); missing > 3; missing = target - jsonSize(config)) {
      last.settings.bench_padding.push("x".repeat(Math.min(paddingChunk, missing - 3)));
    }
  }
  return { config, sections: Object.keys(sections).length };
}

/** The API as the demo owner. */
async function api() {
  const login = await json(
    await fetch(`${base}/api/auth/login`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email, password }) }),
    "login",
  );
  const headers = { Authorization: `Bearer ${login.accessToken}`, "X-Store-Id": login.storeId, "Content-Type": "application/json" };
  return (route, init = {}) => fetch(`${base}/api/stores/onlinestore/themes${route}`, { ...init, headers: { ...headers, ...init.headers } });
}

/**
 * A theme per size ("Editor bench 20 KB", ...; a copy of the demo owner's first theme the first
 * time), its config the first theme's brought to that size, with no draft on the server (a draft
 * there would be offered, and an offered draft stops the writes that goal 3 counts).
 */
async function benchThemes(targets) {
  const call = await api();
  const themes = await json(await call(""), "themes");
  const source = themes.find((t) => !t.name.startsWith("Editor bench")) ?? themes[0];
  const [original] = await json(await call(`/${source.id}/config`), "config");
  const out = [];
  for (const target of targets) {
    const name = `Editor bench ${Math.round(target / 1024)} KB`;
    const theme = themes.find((t) => t.name === name)
      ?? await json(await call(`/${source.id}/clone`, { method: "POST", body: JSON.stringify({ name }) }), `copy the theme as ${name}`);
    const { config, sections } = sized(original.config, target);
    const [record] = await json(await call(`/${theme.id}/config`), "config");
    if (JSON.stringify(record.config) !== JSON.stringify(config)) {
      await json(
        await call(`/${theme.id}/config/${record.id}`, { method: "PUT", headers: { "If-Match": String(record.version) }, body: JSON.stringify(config) }),
        `save the ${name} config`,
      );
    }
    await json(await call(`/${theme.id}/draft`, { method: "DELETE" }), "delete the draft").catch(() => null);
    out.push({ theme, bytes: jsonSize(config), sections });
  }
  return { out, sourceBytes: jsonSize(original.config), sourceSections: Object.keys(original.config.pages.homepage.sections).length };
}

const { out: [small, middle, largest], sourceBytes, sourceSections } = await benchThemes([smallBytes, targetBytes, largestBytes]);
const browser = await launch();
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  // Both ends of an edit are taken in the admin's page: the typed character's input event, and
  // the preview's answer; the frame records when the admin's messages arrived and their size.
  await page.addInitScript(() => {
    // Times on one clock across the admin and the preview frame (each has its own time origin).
    const now = () => performance.timeOrigin + performance.now();
    window.__now = now;
    if (window !== window.top) {
      // In the preview frame: every message of the admin, when it arrived (before the runtime's
      // own listener, added later) and its size.
      window.__arrivals = [];
      const arrived = (data) => window.__arrivals.push({ at: now(), type: data?.type, seq: data?.seq, bytes: JSON.stringify(data).length });
      window.addEventListener("message", (event) => {
        if (event.source !== window.parent) return;
        arrived(event.data);
      });
      // When the frame's rendering of placed elements is over: the first task after the
      // animation frame that follows their placing (the frame that paints them).
      window.__drawn = [];
      const after = new MessageChannel();
      after.port2.onmessage = () => window.__drawn.push(now());
      // The frame that paints placed elements (the first after their placing), and the frame
      // after it: on time, that one begins one refresh later; later, the painting frame ran
      // over its refresh.
      window.__painting = [];
      // (An animation frame's time is the same for every document of the page in that frame.)
      document.addEventListener("storeloom:placed", () => {
        const placedAt = now();
        requestAnimationFrame((ts) => {
          after.port1.postMessage(null);
          requestAnimationFrame((next) => window.__painting.push({ placedAt, ts: performance.timeOrigin + ts, next: performance.timeOrigin + next }));
        });
      });
      // The measure's floor: the admin calls this in a keystroke's task that edits nothing, and
      // the frame answers as the runtime answers a render (posted from its next animation frame),
      // with nothing rendered.
      window.__benchPing = () => requestAnimationFrame(() => window.parent.postMessage({ type: "bench:pong" }, "*"));
      // The runtime's entry point, which the admin calls with each step in the keystroke's own
      // task: wrapped as the runtime sets it, so a step's arrival and size are counted too.
      let entry = null;
      const counted = (data) => {
        arrived(data);
        return entry(data);
      };
      Object.defineProperty(window, "storeloomPreview", {
        configurable: true,
        get: () => (entry ? counted : undefined),
        set: (fn) => {
          entry = fn;
        },
      });
      return;
    }
    window.__inputs = [];
    window.__rendered = [];
    window.__keyFrames = [];
    window.__puts = [];
    window.__longTasks = [];
    window.__handled = [];
    document.addEventListener("input", () => window.__inputs.push(now()), true);
    // The first animation frame after each input: the frame an edit is painted in at best.
    window.__inputFrames = [];
    document.addEventListener("input", () => {
      const input = now();
      requestAnimationFrame((ts) => window.__inputFrames.push({ input, ts: performance.timeOrigin + ts }));
    }, true);
    // The display's refresh: the median time between animation frames, measured on request.
    window.__refresh = () =>
      new Promise((resolve) => {
        const times = [];
        const tick = (ts) => {
          times.push(ts);
          if (times.length < 61) return requestAnimationFrame(tick);
          const gaps = times.slice(1).map((t, i) => t - times[i]).sort((a, b) => a - b);
          resolve(gaps[gaps.length >> 1]);
        };
        requestAnimationFrame(tick);
      });
    // The same event once the admin has handled it (bubbling to the window, after React's own
    // listener, its synchronous render and the command posted to the frame): the time from a
    // keystroke to the command's arrival in the frame splits into the admin's work and the wait.
    window.addEventListener("input", () => window.__handled.push(now()));
    // From a keydown to the next animation frame of the admin: how long a keystroke keeps the
    // page from drawing.
    document.addEventListener("keydown", (event) => {
      const at = event.timeStamp;
      requestAnimationFrame(() => window.__keyFrames.push(performance.now() - at));
    }, true);
    window.addEventListener("message", (event) => {
      if (event.data?.type === "storeloom:rendered") window.__rendered.push({ at: now(), seq: event.data.seq });
      if (event.data?.type === "bench:pong") window.__pongs.push(now());
    });
    // The floor of the edit's measure: while armed, a Shift keydown (no edit) calls into the
    // preview frame in its own task, as an edit's step is handed over, and the frame answers from
    // its next animation frame; from the keydown to that answer is what the browser's frame
    // scheduling alone costs on this machine.
    window.__pings = [];
    window.__pongs = [];
    window.__pinging = false;
    document.addEventListener("keydown", (event) => {
      if (!window.__pinging || event.key !== "Shift") return;
      window.__pings.push(now());
      document.querySelector('[data-testid="preview-frame"]')?.contentWindow?.__benchPing?.();
    }, true);
    // What the local draft writes: the size of every record put into IndexedDB.
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (value, ...rest) {
      let bytes = NaN;
      try {
        bytes = JSON.stringify(value).length;
      } catch {
        // Not JSON (a Blob, a cycle): not counted.
      }
      window.__puts.push({ at: now(), store: this.name, bytes });
      return put.call(this, value, ...rest);
    };
    // Long tasks of this page's event loop (the same-origin preview frame shares it).
    try {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__longTasks.push({ at: performance.timeOrigin + entry.startTime, duration: entry.duration });
      }).observe({ type: "longtask", buffered: true });
    } catch {
      // No Long Tasks API: none counted.
    }
  });
  // The draft's writes to the server: their bodies' sizes. An editor opened online is in the
  // theme's live session, whose draft is the session's commands (POST .../live/commands);
  // offline or outside one, the draft is PATCHed (PUT when whole).
  const drafts = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    const live = /\/themes\/[^/]+\/live\/commands$/.test(path) && request.method() === "POST";
    if (live || (/\/themes\/[^/]+\/draft$/.test(path) && ["PUT", "PATCH"].includes(request.method()))) {
      drafts.push({ at: Date.now(), method: request.method(), bytes: request.postData()?.length ?? 0 });
    }
  });
  await signIn(page);

  let frame = null;
  const rows = page.getByTestId("section-row");
  const back = () => page.getByRole("button", { name: "Back to the list" }).click();

  /** Opens the editor on `theme` and waits for the preview's first render. */
  async function openEditor(theme) {
    await page.goto(`${base}/admin/online-store/themes/${theme.id}/editor`);
    const preview = page.getByTestId("preview-frame").and(page.locator("[data-ready=true]"));
    await preview.waitFor({ timeout: 60_000 });
    await page.waitForFunction(() => window.__rendered.length > 0, null, { timeout: 60_000 });
    frame = await (await preview.elementHandle()).contentFrame();
    // The frame's own start (the runtime, the catalog snapshot) is not an edit's request.
    await frame.evaluate(() => performance.clearResourceTimings());
  }

  /** The first homepage section's one-line text field, its caret at the end. */
  async function sectionField() {
    const oneLine = () => page.locator("input.mantine-TextInput-input:not([inputmode]):visible").first();
    const count = await rows.count();
    for (let i = 1; i < count - 1; i += 1) {
      await rows.nth(i).click();
      if (await oneLine().count()) return oneLine();
      await back();
    }
    throw new Error("no section with a text field");
  }

  async function focusEnd(field) {
    await field.click();
    await page.keyboard.press("End");
  }

  /**
   * Types `count` characters into the focused field, one at a time (`next(i)` gives each; a
   * `before(i)`, if any, runs first, such as a selection), each waiting for the preview to answer.
   * Answers the times from each character's input event to the first `rendered` after it, and
   * where they went.
   */
  async function measure(count, next, before = null) {
    const latencies = [];
    const parts = { handled: [], send: [], wait: [], render: [], paint: [], drawn: [], requests: [], frames: [], toPainting: [], painting: [] };
    for (let i = 0; i < count; i += 1) {
      if (before) await before(i);
      const n = await page.evaluate(() => ({ inputs: window.__inputs.length, rendered: window.__rendered.length }));
      await page.keyboard.type(await next(i));
      await page.waitForFunction(
        (n) => window.__inputs.length > n.inputs && window.__rendered.slice(n.rendered).some((r) => r.at > window.__inputs[n.inputs]),
        n,
        { timeout: 30_000 },
      );
      const { start, handled, rendered, firstFrame } = await page.evaluate((n) => {
        const start = window.__inputs[n.inputs];
        return {
          start,
          handled: window.__handled.find((at) => at >= start) ?? NaN,
          rendered: window.__rendered.slice(n.rendered).find((r) => r.at > start).at,
          firstFrame: window.__inputFrames.find((f) => f.input >= start)?.ts ?? NaN,
        };
      }, n);
      latencies.push(rendered - start);
      // Where the time went: the admin (the core, the command posted to the frame; of which its
      // handling of the input event, the rest the message's wait), the wait for
      // the frame's animation frame (its `storeloom:frame` mark), the runtime's run and render up
      // to the new elements in place (its `storeloom:placed` mark), and the wait for the paint;
      // and the requests the frame made for the edit (none).
      const inFrame = await frame.evaluate((start) => {
        const at = (entry) => performance.timeOrigin + entry.startTime;
        const ofDocument = (m) => m.at >= start && (m.type === "storeloom:commands" || m.type === "storeloom:config");
        const arrival = window.__arrivals.find(ofDocument);
        const frameAt = arrival && performance.getEntriesByName("storeloom:frame", "mark").map(at).find((t) => t >= arrival.at);
        const placed = frameAt && performance.getEntriesByName("storeloom:placed", "mark").map(at).find((t) => t >= frameAt);
        const requests = performance.getEntriesByType("resource").filter((e) => e.initiatorType === "fetch" || e.initiatorType === "xmlhttprequest").length;
        // The browser keeps 250 entries at most: cleared, the next edit's are recorded.
        performance.clearResourceTimings();
        performance.clearMarks("storeloom:placed");
        performance.clearMarks("storeloom:frame");
        const drawn = placed && window.__drawn.find((t) => t >= placed);
        // The frame that painted the edit (the first to begin after its elements were placed)
        // and the one after it.
        const painting = frameAt && window.__painting.find((f) => f.placedAt >= frameAt);
        return { arrival: arrival?.at ?? NaN, frame: frameAt ?? NaN, placed: placed ?? NaN, drawn: drawn ?? NaN, requests, painting: painting?.ts ?? NaN, afterPainted: painting?.next ?? NaN };
      }, start);
      parts.handled.push(handled - start);
      parts.send.push(inFrame.arrival - start);
      parts.wait.push(inFrame.frame - inFrame.arrival);
      parts.render.push(inFrame.placed - inFrame.frame);
      parts.paint.push(rendered - inFrame.placed);
      parts.drawn.push(inFrame.drawn - start);
      parts.requests.push(inFrame.requests);
      // In frames: from the first frame after the input to the frame after the one that painted
      // the edit, counted in refreshes. One: the edit was painted in the very next frame, and
      // that frame kept to its refresh.
      parts.frames.push(Math.round((inFrame.afterPainted - firstFrame) / refreshMs));
      parts.toPainting.push(inFrame.painting - start);
      parts.painting.push(inFrame.afterPainted - inFrame.painting);
      // A second render for the same edit (a whole config sent again) would otherwise be taken
      // for the next character's.
      await page.waitForTimeout(30);
    }
    return { latencies, parts };
  }

  /**
   * The floor of `measure` in this browser: `count` Shift keys (no edit), each from its keydown to
   * the frame's answer from its next animation frame, with the same pause between keys.
   */
  async function measureFloor(count) {
    await page.evaluate(() => {
      window.__pinging = true;
    });
    const latencies = [];
    for (let i = 0; i < count; i += 1) {
      const n = await page.evaluate(() => ({ pings: window.__pings.length, pongs: window.__pongs.length }));
      await page.keyboard.press("Shift");
      await page.waitForFunction(
        (n) => window.__pings.length > n.pings && window.__pongs.slice(n.pongs).some((at) => at > window.__pings[n.pings]),
        n,
        { timeout: 30_000 },
      );
      latencies.push(
        await page.evaluate((n) => {
          const start = window.__pings[n.pings];
          return window.__pongs.slice(n.pongs).find((at) => at > start) - start;
        }, n),
      );
      await page.waitForTimeout(30);
    }
    await page.evaluate(() => {
      window.__pinging = false;
    });
    return latencies;
  }

  const typed = (i) => sentence[i % sentence.length];
  const fixed = (value) => (Number.isFinite(value) ? value.toFixed(1) : "–");
  const verdict = (met) => (met ? "met" : "not met");

  function report(title, { latencies, parts }) {
    const sorted = [...latencies].sort((a, b) => a - b);
    console.log(`  ${title}`);
    console.log(`    typed character -> preview rendered   p50 ${fixed(percentile(sorted, 50))} ms   p95 ${fixed(percentile(sorted, 95))} ms   max ${fixed(sorted.at(-1))} ms   goal p95 <= ${goalMs} ms: ${verdict(percentile(sorted, 95) <= goalMs)}`);
    for (const [name, values] of [["input -> handled by the admin", parts.handled], ["input -> command in the preview frame", parts.send], ["command -> animation frame", parts.wait], ["frame -> rendered and placed (runtime)", parts.render], ["placed -> painted, answered", parts.paint], ["input -> frame's rendering over", parts.drawn]]) {
      const part = [...values].sort((a, b) => a - b);
      console.log(`      ${name.padEnd(38)} p50 ${fixed(percentile(part, 50))} ms   p95 ${fixed(percentile(part, 95))} ms`);
    }
    const frames = [...parts.frames].sort((a, b) => a - b);
    const late = frames.filter((f) => !(f <= 1)).length;
    console.log(`    frames from the keystroke to the edit painted   p50 ${percentile(frames, 50)}   p95 ${percentile(frames, 95)}   max ${frames.at(-1)}   (${late} of ${frames.length} later than the next frame)   goal p95 1 (the next frame): ${verdict(percentile(frames, 95) <= 1)}`);
    for (const [name, values] of [["input -> the painting frame begins", parts.toPainting], ["the painting frame (to the next one's begin)", parts.painting]]) {
      const part = [...values].sort((a, b) => a - b);
      console.log(`      ${name.padEnd(44)} p50 ${fixed(percentile(part, 50))} ms   p95 ${fixed(percentile(part, 95))} ms   (the display refreshes every ${fixed(refreshMs)} ms)`);
    }
    console.log(`      requests from the frame: ${parts.requests.reduce((a, b) => a + b, 0)} in ${parts.requests.length} edits`);
  }

  // --- On the ~200 KB config --------------------------------------------------------------

  await openEditor(middle.theme);
  // `--trace FILE`: a Chromium performance trace of part 1 (the three cases), for looking into where it goes.
  const tracePath = option("trace", "");
  const cdp = tracePath ? await page.context().newCDPSession(page) : null;
  const chunks = [];
  if (cdp) {
    cdp.on("Tracing.dataCollected", ({ value }) => chunks.push(...value));
    await cdp.send("Tracing.start", {
      categories: "devtools.timeline,disabled-by-default-devtools.timeline,blink,cc,viz,toplevel,benchmark,blink.user_timing",
      transferMode: "ReportEvents",
    });
  }
  // The display's refresh in this browser, for counting frames.
  const refreshMs = await page.evaluate(() => window.__refresh());
  // 1. A home section's text (the preview renders that section alone).
  const field = await sectionField();
  await focusEnd(field);
  const section = await measure(edits, typed);
  // Its floor, in the same field: the browser's frame scheduling with no edit.
  const floor = summary(await measureFloor(edits));

  // 3. Bytes per keystroke, typing at a person's pace; the previous typing's server write (a
  // second after its last edit) is over first, and this typing's is waited for.
  await page.waitForTimeout(1500);
  const carriedFrom = { at: await page.evaluate(() => window.__now()), drafts: drafts.length };
  await page.keyboard.type(Array.from({ length: keys }, (_, i) => typed(i)).join(""), { delay: typingDelayMs });
  await page.waitForTimeout(1500);
  const carriedTo = await page.evaluate(() => window.__now());
  const inWindow = (entries) => entries.filter((e) => e.at >= carriedFrom.at && e.at <= carriedTo);
  const figures = (values) => ({
    total: values.reduce((a, b) => a + b, 0),
    perKey: values.reduce((a, b) => a + b, 0) / keys,
    max: values.length ? Math.max(...values) : 0,
    count: values.length,
  });
  const carried = {
    frame: figures(inWindow(await frame.evaluate(() => window.__arrivals)).map((a) => a.bytes)),
    idb: figures(inWindow(await page.evaluate(() => window.__puts)).map((p) => p.bytes).filter(Number.isFinite)),
    server: figures(drafts.slice(carriedFrom.drafts).map((d) => d.bytes)),
    methods: drafts.slice(carriedFrom.drafts).map((d) => d.method),
    keys,
  };

  // 4. A burst at a person's pace: each keydown to the admin's next animation frame, and the long
  // tasks meanwhile. First the floor of that measure in this browser: keys that change nothing
  // (Shift), whose keydown waits only for the browser's own frame scheduling.
  const idleFrom = await page.evaluate(() => window.__keyFrames.length);
  for (let i = 0; i < 20; i += 1) {
    await page.keyboard.press("Shift");
    await page.waitForTimeout(typingDelayMs);
  }
  const idle = summary(await page.evaluate((from) => window.__keyFrames.slice(from), idleFrom));
  const burstFrom = await page.evaluate(() => ({ keys: window.__keyFrames.length, at: window.__now() }));
  await page.keyboard.type(Array.from({ length: burst }, (_, i) => typed(i + 7)).join(""), { delay: typingDelayMs });
  // The last key's frame, and the preview's render of it.
  await page.waitForTimeout(200);
  const burstTo = await page.evaluate((from) => ({
    keyFrames: window.__keyFrames.slice(from.keys),
    longTasks: window.__longTasks.filter((t) => t.at >= from.at),
  }), burstFrom);
  const keyFrames = summary(burstTo.keyFrames);
  const typing = {
    ...keyFrames,
    longTasks: burstTo.longTasks.length,
    longestTask: burstTo.longTasks.length ? Math.max(...burstTo.longTasks.map((t) => t.duration)) : 0,
    keys: burst,
    delayMs: typingDelayMs,
    idle,
  };

  // 1b. The header's top-bar text (a section of every page, rendered alone too).
  await back();
  await rows.first().click();
  const headerField = page.locator('[data-testid$="/settings/text_topbar"] input');
  await focusEnd(headerField);
  const header = await measure(edits, typed);

  // 1c. A theme colour (the stylesheet alone), on the product page the Colors panel shows: each
  // keystroke replaces the last digit (selected first), so that every value typed is a colour.
  await page.getByRole("tab", { name: "Setting" }).click();
  await page.getByTestId("group-colors").getByRole("button").last().click();
  const colour = page.getByTestId("group-colors").locator("input").first();
  await colour.waitFor();
  await focusEnd(colour);
  const style = await measure(
    edits,
    async (i) => {
      const last = (await colour.inputValue()).slice(-1).toLowerCase();
      const digit = String(i % 10);
      return digit === last ? String((i + 1) % 10) : digit;
    },
    () => page.keyboard.press("Shift+ArrowLeft"),
  );
  if (cdp) {
    const done = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
    await cdp.send("Tracing.end");
    await done;
    (await import("node:fs")).writeFileSync(tracePath, JSON.stringify({ traceEvents: chunks }));
    console.log(`trace of part 1: ${tracePath}`);
  }

  // --- 2. The same home-section text on the smallest and the largest config ---------------

  const bySize = [];
  for (const size of [small, middle, largest]) {
    if (size === middle) {
      // The ~200 KB config's figures are goal 1's.
      bySize.push({ ...size, latencies: section.latencies });
      continue;
    }
    await openEditor(size.theme);
    await focusEnd(await sectionField());
    bySize.push({ ...size, latencies: (await measure(edits, typed)).latencies });
  }
  const sizes = bySize.map((s) => ({ bytes: s.bytes, sections: s.sections, ...summary(s.latencies) }));
  const sizeRatio = sizes.at(-1).p95 / sizes[0].p95;

  console.log(`Theme editor in Chromium against ${base}, one edit per typed character:`);
  console.log(` 1. on a ${(middle.bytes / 1024).toFixed(0)} KB config (${middle.sections} home-page sections):`);
  report(`a home section's text, ${edits} characters (the goal's measure):`, section);
  report(`the header's top-bar text, ${header.latencies.length} characters:`, header);
  report(`a theme colour, ${style.latencies.length} characters (product page):`, style);
  console.log(`  the floor: ${floor.n} Shift keys in the same field, keydown -> the frame's answer from its next animation frame, no edit   p50 ${fixed(floor.p50)} ms   p95 ${fixed(floor.p95)} ms   max ${fixed(floor.max)} ms`);
  for (const [name, c] of [["home section", section], ["header", header], ["colour", style]]) {
    const s = summary(c.latencies);
    console.log(`    ${name.padEnd(13)} over the floor: p50 +${fixed(s.p50 - floor.p50)} ms   p95 +${fixed(s.p95 - floor.p95)} ms`);
  }
  console.log(` 2. a home section's text by the config's size (the demo theme is ${(sourceBytes / 1024).toFixed(1)} KB with ${sourceSections} home-page sections; grown with copies of its largest section up to ${sectionsMax}, then an unknown "bench_padding" field of strings under ${paddingChunk.toLocaleString("en-US")} characters in the last copy; the largest is ${largestBytes.toLocaleString("en-US")} bytes, not the issue's 2 MB, which the product refuses over ${(1024 * 1024).toLocaleString("en-US")}):`);
  for (const s of sizes) {
    console.log(`    ${`${(s.bytes / 1024).toFixed(0)} KB`.padStart(7)} (${String(s.bytes).padStart(9)} bytes, ${s.sections} sections)   p50 ${fixed(s.p50)} ms   p95 ${fixed(s.p95)} ms   max ${fixed(s.max)} ms`);
  }
  console.log(`    p95 largest / smallest: ${sizeRatio.toFixed(2)}x   goal <= ${sizeGoal}x: ${verdict(sizeRatio <= sizeGoal)}`);
  console.log(` 3. bytes carried while typing ${keys} characters ${typingDelayMs} ms apart into the home section's text, and 1.5 s after:`);
  for (const [name, f] of [["admin -> preview frame (messages)", carried.frame], ["IndexedDB (records put)", carried.idb], [`server (${[...new Set(carried.methods)].map((m) => `${carried.methods.filter((x) => x === m).length} ${m}`).join(", ") || "no write"})`, carried.server]]) {
    console.log(`    ${name.padEnd(36)} total ${String(f.total).padStart(7)} B in ${String(f.count).padStart(3)}   per keystroke ${f.perKey.toFixed(0).padStart(5)} B   largest ${String(f.max).padStart(6)} B   goal < ${goalBytes} B per keystroke: ${verdict(f.perKey < goalBytes)}`);
  }
  console.log(` 4. ${burst} characters typed ${typingDelayMs} ms apart into the home section's text:`);
  console.log(`    keydown -> next animation frame   p50 ${fixed(typing.p50)} ms   p95 ${fixed(typing.p95)} ms   max ${fixed(typing.max)} ms   goal p95 <= ${goalMs} ms: ${verdict(typing.p95 <= goalMs)}`);
  console.log(`    the same for ${idle.n} Shift keys (no edit: the measure's floor)   p50 ${fixed(idle.p50)} ms   p95 ${fixed(idle.p95)} ms   max ${fixed(idle.max)} ms`);
  console.log(`    long tasks: ${typing.longTasks}${typing.longTasks ? `, the longest ${fixed(typing.longestTask)} ms` : ""}   goal none over ${longTaskMs} ms: ${verdict(typing.longTasks === 0)}`);
  writeResult({
    bytes: middle.bytes,
    edits,
    total: summary(section.latencies),
    handled: summary(section.parts.handled),
    send: summary(section.parts.send),
    wait: summary(section.parts.wait),
    render: summary(section.parts.render),
    paint: summary(section.parts.paint),
    frameRequests: [section, header, style].reduce((n, c) => n + c.parts.requests.reduce((a, b) => a + b, 0), 0),
    frameEdits: [section, header, style].reduce((n, c) => n + c.parts.requests.length, 0),
    floor,
    refreshMs,
    frames: Object.fromEntries([["section", section], ["header", header], ["colour", style]].map(([name, c]) => [name, { ...summary(c.parts.frames), toPainting: summary(c.parts.toPainting), painting: summary(c.parts.painting) }])),
    header: summary(header.latencies),
    style: summary(style.latencies),
    goalMs,
    sizes,
    sizeRatio,
    sizeGoal,
    carried,
    goalBytes,
    typing,
    longTaskMs,
  });
} finally {
  await browser.close();
}
