// End-to-end tests: Debian's Chromium against the real server, built UI and a fresh SQLite file.
// scripts/test.sh passes E2E_PORT (a free port); the server is started and stopped by Playwright.
import { defineConfig } from "@playwright/test";
import { METRICS_TOKEN } from "./e2e/helpers";

const port = Number(process.env.E2E_PORT ?? 8181);
const database = `../target/e2e/storeloom-${port}.db`;
const uploads = `../target/e2e/uploads-${port}`;

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: "list",
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: "en-US",
    // No trace while the suite runs: recording one (screencast and DOM snapshots) took a third of
    // the suite's time on a 2-core machine. A failure leaves its screenshot in test-results/;
    // `npx playwright test <spec> --trace on` records the trace when a failure needs one.
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  webServer: {
    // The server's log is kept for reliability/logs.py, which greps it for secrets.
    command: `mkdir -p ../target/e2e && rm -rf ${database}* ${uploads} && ../target/debug/server 2> ../target/e2e/server-${port}.log`,
    env: {
      PORT: String(port),
      DATABASE_URL: `sqlite://${database}`,
      STATIC_DIR: "dist",
      UPLOAD_DIR: uploads,
      STORELOOM_DEMO: "1",
      DEV_MAILBOX: "1",
      // The specs give the demo owner a store of their own each.
      STORE_LIMIT: "1000",
      // The platform's address, which a custom domain's A record names (a documentation address).
      PUBLIC_IPS: "203.0.113.10",
      // The demo store's 90 days of traffic, without new visits arriving during the tests.
      STORELOOM_DEMO_TRAFFIC: "history",
      // The demo designer is on the support list: the editor shows them its full settings.
      SUPPORT_EMAILS: "designer@example.com",
      // Warnings, and each request's line, where a token in a URL would show.
      RUST_LOG: "warn,tower_http=debug",
      // `/metrics` on the public port, to this token only (the metrics spec).
      METRICS_TOKEN,
    },
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
