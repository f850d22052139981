// Issue 28, the first hour: the Payment gateway screen (reached from the payment-gateway notice
// and from Settings; the notice goes as soon as a gateway is connected), the plan page behind
// the trial banner's "Select a plan" (choose, change, cancel; owner only), and the help card on
// the dashboard (the help base's HTML through the allow-list, tried with hostile HTML). Each
// test leaves the demo accounts as it found them: the gateways are changed in a store of the
// owner's own, the Demo Store's trial is put back at the end.
import { type Page, expect as baseExpect, test } from "@playwright/test";
import { OWNER, apiSession, enter, expectFitsWidth, newStore, sqlInTestDatabase, watch } from "./helpers";

// Screens wait for the server; on a busy machine that can take longer than the default 5 s.
const expect = baseExpect.configure({ timeout: 15_000 });
const NOTICE = "Your store hasn't been configured with a payment gateway, please contact the administrator to set it up before publishing(run ads)!!!";
const TRIAL = "You are on a free trial. Choose a plan to keep selling when it ends.";

/** Nothing on the page is wider than a 375 px phone. */
async function fitsPhone(page: Page) {
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectFitsWidth(page, 375);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("a new store connects a payment gateway from the notice, and the notice goes at once", async ({ page, request }) => {
  const owner = await apiSession(request, OWNER);
  await newStore(request, owner, "Gateway Shop");
  const problems = watch(page);
  await enter(page, OWNER, /Gateway Shop/);

  // The notice keeps the spec's words and offers the screen that fixes it.
  const notice = page.getByRole("alert").filter({ hasText: NOTICE });
  await expect(notice).toBeVisible();
  await notice.getByRole("link", { name: "Set up a payment gateway" }).click();
  await expect(page).toHaveURL(/\/admin\/settings\/payment-gateway$/);
  await expect(page.getByRole("heading", { name: "Payment gateway", level: 1 })).toBeVisible();
  const connected = page.getByRole("region", { name: "Connected gateways" });
  await expect(connected.getByText("No gateway is connected yet.", { exact: false })).toBeVisible();

  // A group connects all its gateways; the notice goes without a reload.
  const groups = page.getByRole("region", { name: "Gateway groups" });
  await groups.getByLabel("Add a group").click();
  await page.getByRole("option", { name: "PayPal EU" }).click();
  await groups.getByRole("button", { name: "Add group" }).click();
  for (const name of ["paypal-eu-1", "paypal-eu-2", "paypal-eu-3"]) await expect(connected.getByText(name, { exact: true })).toBeVisible();
  await expect(notice).toHaveCount(0);

  // Untick one of the group's gateways and save the group.
  await groups.getByRole("checkbox", { name: "paypal-eu-2" }).uncheck();
  await groups.getByRole("button", { name: "Save PayPal EU" }).click();
  await expect(connected.getByText("paypal-eu-2", { exact: true })).toHaveCount(0);
  const available = page.getByRole("region", { name: "Available gateways" });
  await expect(available.getByRole("checkbox", { name: "paypal-eu-2 (PayPal EU)" })).toBeVisible();

  // One gateway on its own, from the available ones.
  await available.getByRole("checkbox", { name: "stripe-us-1 (Stripe US)" }).check();
  await available.getByRole("button", { name: "Connect 1 gateway" }).click();
  await expect(connected.getByText("stripe-us-1", { exact: true })).toBeVisible();
  await fitsPhone(page);

  // Removing the group takes its gateways away; disconnecting the last brings the notice back.
  await groups.getByRole("button", { name: "Remove the group PayPal EU" }).click();
  await expect(connected.getByText("paypal-eu-1", { exact: true })).toHaveCount(0);
  await expect(connected.getByText("stripe-us-1", { exact: true })).toBeVisible();
  await connected.getByRole("button", { name: "Disconnect stripe-us-1" }).click();
  await expect(connected.getByText("No gateway is connected yet.", { exact: false })).toBeVisible();
  await expect(notice).toBeVisible();

  // The Settings page leads here too.
  await page.goto("/admin/settings");
  await page.getByRole("link", { name: "Payment gateway", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Payment gateway", level: 1 })).toBeVisible();
  expect(problems).toEqual([]);
});

test("staff without the checkout scope neither see nor change the gateways", async ({ browser, request }) => {
  const designer = await apiSession(request, "designer@example.com");
  const refused = await request.post("/api/stores/payout/proxy/save-store-proxies", {
    headers: { Authorization: `Bearer ${designer.accessToken}`, "X-Store-Id": designer.storeId },
    data: { proxyIds: [] },
  });
  expect(refused.status()).toBe(403);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await enter(page, "designer@example.com", /Demo Store/, "/admin/settings/payment-gateway");
  await expect(page).toHaveURL(/\/admin\/no-access$/);
  await context.close();
});

test("Select a plan opens the plans; the owner chooses, changes and cancels, and the trial banner goes", async ({ page, request }) => {
  // The staff member belongs to the Demo Store only: their session names it.
  const staff = await apiSession(request, "orders@example.com");
  const problems = watch(page);
  try {
    await enter(page, OWNER, /Demo Store/);
    const banner = page.getByRole("status").filter({ hasText: TRIAL });
    await expect(banner).toBeVisible();
    await banner.getByRole("link", { name: "Select a plan" }).click();
    await expect(page).toHaveURL(/\/admin\/settings\/account\/plans$/);
    await expect(page.getByRole("heading", { name: "Plans", level: 1 })).toBeVisible();
    await expect(page.getByText("Plan payments are in test mode", { exact: false })).toBeVisible();
    // The current plan, with the enable-ref check's VIP and referral flags.
    const yours = page.getByRole("region", { name: "Your plan" });
    await expect(yours.getByTestId("current-plan")).toHaveText("VIP");
    await expect(yours.getByText("Trial", { exact: true })).toBeVisible();
    await expect(yours.getByText("VIP", { exact: true }).last()).toBeVisible();
    await expect(yours.getByText("Referral links are enabled for this store.")).toBeVisible();
    const cards = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 2 }) });
    await expect(cards).toHaveCount(4);
    await expect(page.getByRole("listitem", { name: "Gold" })).toContainText("49.00 USD / month");

    await page.getByRole("button", { name: "Choose Gold" }).click();
    const dialog = page.getByRole("dialog", { name: "Change plan" });
    await expect(dialog).toContainText("nothing is charged");
    await dialog.getByRole("button", { name: "Choose plan" }).click();
    await expect(yours.getByTestId("current-plan")).toHaveText("Gold");
    await expect(banner).toHaveCount(0);
    await expect(yours.getByText("Trial", { exact: true })).toHaveCount(0);
    await expect(page.getByRole("listitem", { name: "Gold" }).getByRole("button", { name: "Current plan" })).toBeDisabled();
    await fitsPhone(page);

    await page.getByRole("button", { name: "Choose Silver" }).click();
    await page.getByRole("dialog", { name: "Change plan" }).getByRole("button", { name: "Choose plan" }).click();
    await expect(yours.getByTestId("current-plan")).toHaveText("Silver");

    await yours.getByRole("button", { name: "Cancel plan" }).click();
    await page.getByRole("dialog", { name: "Cancel plan" }).getByRole("button", { name: "Cancel plan" }).click();
    await expect(yours.getByTestId("current-plan")).toHaveText("Free");
    await expect(yours.getByRole("button", { name: "Cancel plan" })).toHaveCount(0);

    // A staff member cannot change the plan: the server refuses.
    const put = await request.put("/api/stores/subscription", {
      headers: { Authorization: `Bearer ${staff.accessToken}`, "X-Store-Id": staff.storeId },
      data: { planCode: "PLAN_GOLD_MONTHLY" },
    });
    expect(put.status()).toBe(403);
    expect(problems).toEqual([]);
  } finally {
    // Later spec files expect the Demo Store on its VIP trial.
    const store = staff.storeId;
    sqlInTestDatabase(
      `UPDATE store_subscriptions SET plan_code = 'PLAN_VIP_MONTHLY', trial_ends_at = ${Date.now() + 14 * 86_400_000 - 3_600_000}, chosen_at = NULL WHERE store_id = '${store}'`,
    );
  }
});

test("the dashboard's help card shows the help base, and hostile HTML stays inert", async ({ page }) => {
  await enter(page, OWNER, /Demo Store/);
  const help = page.getByRole("region", { name: "Help" });
  await expect(help.getByRole("heading", { name: "Welcome to Storeloom" })).toBeVisible();
  await expect(help.getByRole("listitem")).toHaveCount(3);
  // It names the guide where it is: the Next step button at the bottom right.
  await expect(help).toContainText("Next step guide at the bottom right of the page");
  const pill = page.getByText(/^Next step:/).first();
  const box = await pill.boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport && box.x > viewport.width / 2 && box.y > viewport.height / 2).toBe(true);

  // Were the help base to send hostile HTML, nothing of it would run.
  await page.route("**/api/helpbase/public/customHTML?*", (route) =>
    route.fulfill({
      contentType: "application/json",
      body: JSON.stringify({
        homeHtml:
          '<h2>Hi</h2><img src=x onerror="window.__owned=1"><script>window.__owned=2</script>' +
          '<p onclick="window.__owned=3">Read <a href="javascript:window.__owned=4">this</a> and <a href="https://help.example/a">that</a></p>',
      }),
    }),
  );
  await page.reload();
  await expect(help.getByRole("heading", { name: "Hi" })).toBeVisible();
  const html = await help.getByTestId("help-html").innerHTML();
  expect(html).not.toMatch(/<img|<script|onerror|onclick|javascript:/i);
  await help.getByText("this").click();
  expect(await page.evaluate(() => (window as unknown as { __owned?: number }).__owned)).toBeUndefined();
  await expect(help.getByRole("link", { name: "that" })).toHaveAttribute("rel", /noopener/);
});
