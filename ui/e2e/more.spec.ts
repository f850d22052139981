// Screens beyond the management lists against the real server: the live count and its tables or
// empty state, a theme activated, cloned and deleted, and a changed preference, each surviving a
// reload, all without console errors; the time-zone picker's search, in English and Vietnamese.
import { expect, test } from "@playwright/test";
import type { ShippingSettings } from "../src/types/generated/ShippingSettings";
import { OWNER, apiSession, call, choosePlan, enter, newStore, sqlInTestDatabase, watch } from "./helpers";

test("the live view shows the store's active sessions and their pages and countries, or that no one is there", async ({ page, request }) => {
  const owner = await apiSession(request, OWNER);
  const live = await call<{ activeSessions: number }>(request, owner, "GET", "/stores/analytics/live");
  const problems = watch(page);

  await enter(page, OWNER, /Demo Store/, "/admin/analytics/live-view");
  await expect(page.getByRole("heading", { name: "Live View", level: 1 })).toBeVisible();
  const count = page.getByRole("region", { name: "Active sessions, last five minutes" });
  await expect(count.getByTestId("live-count")).toHaveText(String(live.activeSessions));
  if (live.activeSessions === 0) {
    await expect(page.getByText("No one is on your store right now")).toBeVisible();
  } else {
    await expect(page.getByRole("region", { name: "Pages being viewed" }).locator("tbody tr").first()).toBeVisible();
    await expect(page.getByRole("region", { name: "Visitors by country" }).locator("tbody tr").first()).toBeVisible();
  }
  await expect(page.getByText(/^Sessions since /)).toBeVisible();
  expect(problems).toEqual([]);
});

test("themes are listed from the server, and activate, clone and delete survive a reload", async ({ page, request }) => {
  const owner = await apiSession(request, OWNER);
  const store = await newStore(request, owner, "Theme Trial Shop");
  await choosePlan(request, owner, store);
  await call(request, owner, "POST", "/stores/onlinestore/themes", { name: "Spring Sale" }, store);
  const themes = await call<{ name: string; isActive: boolean }[]>(request, owner, "GET", "/stores/onlinestore/themes", undefined, store);
  const problems = watch(page);

  await enter(page, OWNER, /Theme Trial Shop/, "/admin/online-store/themes");
  await expect(page.getByRole("heading", { name: "Themes", level: 1 })).toBeVisible();
  const rows = page.locator("tbody tr");
  await expect(rows).toHaveCount(themes.length);
  const row = (name: string) => rows.filter({ has: page.getByText(name, { exact: true }) });
  await expect(row("Spring Sale")).toContainText("Not published");

  // Activate asks first (it publishes at once); Cancel changes nothing.
  await page.getByRole("button", { name: "Actions for Spring Sale" }).click();
  await page.getByRole("menuitem", { name: "Activate" }).click();
  const asking = page.getByRole("dialog", { name: "Publish this theme?" });
  await expect(asking).toContainText("Spring Sale becomes the theme shoppers see, at once.");
  await asking.getByRole("button", { name: "Cancel" }).click();
  await expect(asking).toBeHidden();
  await expect(row("Spring Sale")).toContainText("Not published");
  // Activate: the new theme becomes the active one, after a reload too.
  await page.getByRole("button", { name: "Actions for Spring Sale" }).click();
  await page.getByRole("menuitem", { name: "Activate" }).click();
  await asking.getByRole("button", { name: "Activate" }).click();
  await expect(page.getByText("Spring Sale is now your store’s theme.")).toBeVisible();
  await page.reload();
  await expect(row("Spring Sale")).toContainText("Active");
  await expect(rows.filter({ hasText: "Active" })).toHaveCount(1);

  // Clone: a copy appears, unpublished, after a reload too.
  await page.getByRole("button", { name: "Actions for Spring Sale" }).click();
  await page.getByRole("menuitem", { name: "Clone" }).click();
  await expect(page.getByText("Copy of Spring Sale has been made.")).toBeVisible();
  await page.reload();
  await expect(rows).toHaveCount(themes.length + 1);
  await expect(row("Copy of Spring Sale")).toContainText("Not published");

  // Customize opens the editor's route for that theme.
  await expect(page.getByRole("link", { name: "Customize Copy of Spring Sale" })).toHaveAttribute("href", /\/admin\/online-store\/themes\/[^/]+\/editor$/);

  // Delete asks first; the copy is gone after a reload.
  await page.getByRole("button", { name: "Actions for Copy of Spring Sale" }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Copy of Spring Sale has been deleted.")).toBeVisible();
  await page.reload();
  await expect(rows).toHaveCount(themes.length);
  await expect(row("Copy of Spring Sale")).toHaveCount(0);
  // On a phone the status badges are whole ("Not published", never "NOT P…").
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(row("Spring Sale").first()).toBeVisible();
  const cut = await page
    .locator(".mantine-Badge-label")
    .evaluateAll((labels) => labels.filter((label) => label.scrollWidth > label.clientWidth + 1).map((label) => label.textContent));
  expect(cut).toEqual([]);
  expect(problems).toEqual([]);
});

test("preferences show the store's saved values and a changed time zone survives a reload", async ({ page, request }) => {
  const owner = await apiSession(request, OWNER);
  const store = await newStore(request, owner, "Preference Trial Shop");
  const saved = await call<{ standardTimezone: string; businessType: string }>(request, owner, "GET", "/stores/preferences", undefined, store);
  const zone = saved.standardTimezone === "Asia/Tokyo" ? "Europe/Paris" : "Asia/Tokyo";
  const problems = watch(page);

  await enter(page, OWNER, /Preference Trial Shop/, "/admin/online-store/preferences");
  await expect(page.getByRole("heading", { name: "Preferences", level: 1 })).toBeVisible();
  const zoneField = page.getByRole("combobox", { name: "Time zone" });
  // A zone shows with its offset now: "(UTC-07:00) America/Los_Angeles".
  const shown = (name: string) => new RegExp(`^\\(UTC[+-]\\d\\d:\\d\\d\\) ${name}$`);
  await expect(zoneField).toHaveValue(shown(saved.standardTimezone));

  await zoneField.click();
  await zoneField.fill(zone);
  await page.getByRole("option", { name: shown(zone) }).click();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Preferences saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("combobox", { name: "Time zone" })).toHaveValue(shown(zone));
  const after = await call<{ standardTimezone: string }>(request, owner, "GET", "/stores/preferences", undefined, store);
  expect(after.standardTimezone).toBe(zone);

  // The Shipping section: a new store's one zone for the whole world, its flat rate changed and
  // no free shipping once its threshold is emptied.
  const shipping = page.getByRole("form", { name: "Shipping" });
  const everywhere = shipping.getByRole("group", { name: "Zone 1" });
  const standard = everywhere.getByRole("group", { name: "Rate 1" });
  await expect(everywhere.getByRole("textbox", { name: "Zone name" })).toHaveValue("Everywhere");
  await expect(everywhere.getByRole("switch", { name: "Rest of the world" })).toBeChecked();
  await expect(everywhere.getByRole("textbox", { name: "Free shipping from a subtotal of" })).toHaveValue("50");
  await expect(standard.getByRole("textbox", { name: "Rate name" })).toHaveValue("Standard");
  await expect(shipping.getByRole("button", { name: "Save shipping" })).toBeDisabled();
  await standard.getByRole("textbox", { name: "Price" }).fill("7.5");
  await everywhere.getByRole("textbox", { name: "Free shipping from a subtotal of" }).fill("");
  await shipping.getByRole("button", { name: "Save shipping" }).click();
  await expect(page.getByText("Shipping settings saved.")).toBeVisible();
  await page.reload();
  await expect(
    page
      .getByRole("form", { name: "Shipping" })
      .getByRole("group", { name: "Zone 1" })
      .getByRole("group", { name: "Rate 1" })
      .getByRole("textbox", { name: "Price" }),
  ).toHaveValue("7.5");
  const settings = await call<ShippingSettings>(request, owner, "GET", "/stores/settings/shipping", undefined, store);
  expect(settings.zones).toHaveLength(1);
  const kept = settings.zones[0];
  expect([kept?.name, kept?.places, kept?.restOfWorld, kept?.freeShippingOver ?? null]).toEqual(["Everywhere", [], true, null]);
  expect(kept?.rates.map((rate) => [rate.name, rate.price, rate.condition])).toEqual([["Standard", 7.5, "flat"]]);
  expect(problems).toEqual([]);
});

test("the time-zone picker lists zones with offsets, finds cities, former names and UTC, and shows a saved former name as its zone", async ({
  page,
  request,
}) => {
  const owner = await apiSession(request, OWNER);
  const store = await newStore(request, owner, "Zone Picker Shop");
  // A name the browser's own list used to give, saved before the picker listed zones.
  sqlInTestDatabase(`UPDATE store_preferences SET standard_timezone = 'Asia/Saigon' WHERE store_id = '${store}'`);
  const problems = watch(page);

  await enter(page, OWNER, /Zone Picker Shop/, "/admin/online-store/preferences");
  const zoneField = page.getByRole("combobox", { name: "Time zone" });
  await expect(zoneField).toHaveValue("(UTC+07:00) Asia/Ho_Chi_Minh");

  const search = async (typed: string) => {
    await zoneField.click();
    await zoneField.fill("");
    await zoneField.pressSequentially(typed);
  };
  const options = page.getByRole("option");
  for (const [typed, found] of [
    ["Ho_Chi", "(UTC+07:00) Asia/Ho_Chi_Minh"],
    ["ho chi", "(UTC+07:00) Asia/Ho_Chi_Minh"],
    ["Saigon", "(UTC+07:00) Asia/Ho_Chi_Minh"],
    ["Kolkata", "(UTC+05:30) Asia/Kolkata"],
    ["Calcutta", "(UTC+05:30) Asia/Kolkata"],
    ["UTC", "(UTC+00:00) UTC"],
  ] as const) {
    await search(typed);
    await expect(options, typed).toHaveText([found]);
  }
  await search("Kyiv");
  await expect(options).toHaveText([/^\(UTC\+0[23]:00\) Europe\/Kyiv$/]);
  await search("Kiev");
  await expect(options).toHaveText([/^\(UTC\+0[23]:00\) Europe\/Kyiv$/]);
  await search("Atlantis");
  await expect(options).toHaveCount(0);
  await expect(page.getByText("No time zone matches.")).toBeVisible();

  await search("Kolkata");
  await options.filter({ hasText: "Asia/Kolkata" }).click();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Preferences saved.")).toBeVisible();
  const after = await call<{ standardTimezone: string }>(request, owner, "GET", "/stores/preferences", undefined, store);
  expect(after.standardTimezone).toBe("Asia/Kolkata");

  // In Vietnamese: the same picker, its label and its empty search in Vietnamese.
  await page.evaluate(() => localStorage.setItem("storeloom.language", "vi"));
  await page.reload();
  const viField = page.getByRole("combobox", { name: "Múi giờ" });
  await expect(viField).toHaveValue("(UTC+05:30) Asia/Kolkata");
  await viField.click();
  await viField.fill("");
  await viField.pressSequentially("Sai gon");
  await expect(page.getByText("Không có múi giờ nào khớp.")).toBeVisible();
  await viField.fill("");
  await viField.pressSequentially("Saigon");
  await expect(options).toHaveText(["(UTC+07:00) Asia/Ho_Chi_Minh"]);
  await page.evaluate(() => localStorage.setItem("storeloom.language", "en"));
  expect(problems).toEqual([]);
});
