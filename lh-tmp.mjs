import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";
const url = process.argv[2];
const chrome = await chromeLauncher.launch({ chromePath: "/usr/bin/chromium", chromeFlags: ["--headless=new", "--no-sandbox"] });
try {
  const r = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
  const a = r.lhr.audits;
  console.log("score", r.lhr.categories.performance.score * 100, "LCP", a["largest-contentful-paint"].numericValue.toFixed(0), "TBT", a["total-blocking-time"].numericValue.toFixed(0), "CLS", a["cumulative-layout-shift"].numericValue.toFixed(3), "FCP", a["first-contentful-paint"].numericValue.toFixed(0), "SI", a["speed-index"].numericValue.toFixed(0));
  console.log("mainthread", JSON.stringify(a["mainthread-work-breakdown"].details.items.map(i => [i.group, Math.round(i.duration)])));
  console.log("bootup", JSON.stringify(a["bootup-time"].details.items.slice(0,6).map(i => [i.url, Math.round(i.total), Math.round(i.scripting)])));
  console.log("longtasks", JSON.stringify((a["long-tasks"].details?.items||[]).slice(0,8).map(i => [i.url, Math.round(i.duration), Math.round(i.startTime)])));
  console.log("lcp-el", JSON.stringify(a["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node?.snippet));
  console.log("dom", a["dom-size"]?.numericValue);
  console.log("bytes", a["total-byte-weight"].numericValue, JSON.stringify(a["network-requests"].details.items.map(i=>[i.url.replace(/^https?:\/\/[^/]+/,''), i.transferSize, i.resourceType])));
  console.log("ttfb", a["server-response-time"].numericValue, "blocking", JSON.stringify(a["render-blocking-resources"]?.details?.items?.map(i=>[i.url,i.wastedMs])), "lcp-breakdown", JSON.stringify(a["lcp-breakdown-insight"]?.details?.items?.[0]?.items ?? a["largest-contentful-paint-element"]?.details?.items?.[1]?.items));
} finally { chrome.kill(); }
