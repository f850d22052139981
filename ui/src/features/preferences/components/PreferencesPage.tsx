// Preferences (website.preferences): the store's time zone, its country (which the checkout
// preselects; the core's list, none allowed), business type, who takes payments and the
// storefront's default theme family, with the form pattern: filled once from the
// server, checked by the core (the time zone against the database of the core's time-zone
// build, loaded with this page) and saved with PUT. The time-zone picker lists the core's zones
// with their offsets now and searches with the core (city, former name, UTC); a saved former
// name (Asia/Saigon) shows as the zone it names. Below it, the Shipping, Taxes and E-mails
// sections, each saved on its own.
import { Select, type ComboboxItem, type OptionsFilter } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { TFunction } from "i18next";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { pagePreferenceChoices } from "../../../core";
import type * as Zoned from "../../../core/zoned";
import { shippingCountries } from "../../../core/commerce";
import { currencies } from "../../../core/formats";
import { translateCore } from "../../../i18n";
import type { PagePreference } from "../../../types/generated/PagePreference";
import { FormPage } from "../../../components/records/FormPage";
import { useRecordForm } from "../../../components/records/useRecordForm";
import { usePreferences, useSavePreferences } from "../api/preferences";
import { ShippingSection } from "./ShippingSection";
import { TaxSection } from "./TaxSection";
import { EmailSection } from "./EmailSection";

type ZonedCore = typeof Zoned;

const EMPTY: PagePreference = { standardTimezone: "", businessType: "", paymentChoice: { type: "" }, storeFrontDefaultTheme: "" };
const ID = "preferences";

/** The picker's options and the one the saved name stands for (a former name shows as its zone).
 * A zone the core does not list (Etc/GMT+5) is added; an unknown name is shown as it is, for
 * the check to name it. */
function zoneOptions(zoned: ZonedCore, current: string, now: number, t: TFunction): { options: ComboboxItem[]; selected: string | null } {
  const option = (choice: Zoned.ZoneChoice) => ({ value: choice.value, label: t("preferences.zoneChoice", { offset: choice.offset, name: choice.name }) });
  const options = zoned.zoneChoices(now).map(option);
  if (!current) return { options, selected: null };
  let selected: ComboboxItem;
  try {
    selected = option(zoned.zoneChoice(current, now));
  } catch {
    selected = { value: current, label: current };
  }
  return { options: options.some((o) => o.value === selected.value) ? options : [selected, ...options], selected: selected.value };
}

/** Keeps the options whose zone the core's search finds. */
function zoneFilter(zoned: ZonedCore): OptionsFilter {
  return ({ options, search }) => {
    const found = new Set(zoned.searchZones(search));
    return options.filter((option) => "value" in option && found.has(option.value));
  };
}

export function PreferencesPage() {
  const { t } = useTranslation();
  const record = usePreferences();
  const save = useSavePreferences();
  // The core's check and the time-zone picker need the time-zone build, which this page loads.
  const [zoned, setZoned] = useState<ZonedCore | null>(null);
  const [now] = useState(() => Date.now());
  useEffect(() => {
    let live = true;
    void import("../../../core/zoned").then((module) => {
      if (live) setZoned(module);
    });
    return () => {
      live = false;
    };
  }, []);
  const form = useRecordForm({
    id: ID,
    record: record.data,
    toInput: (saved) => saved,
    empty: EMPTY,
    check: (input) => (zoned ? Object.values(zoned.checkPagePreference(input).errors).map((error) => translateCore(error.code, error.message)) : []),
  });
  const { input, change } = form;
  const zones = useMemo(
    () => (zoned ? zoneOptions(zoned, input.standardTimezone, now, t) : { options: [], selected: null }),
    [zoned, input.standardTimezone, now, t],
  );
  const countries = useMemo(() => shippingCountries().map((c) => ({ value: c.code, label: c.name })), []);
  const filterZones = useMemo(() => (zoned ? zoneFilter(zoned) : undefined), [zoned]);
  const choices = (group: string, values: string[]) => values.map((value) => ({ value, label: t(`preferences.${group}.${value}`, { defaultValue: value }) }));

  function submit() {
    form.submit((value) =>
      save.mutate(value, {
        onSuccess: () => {
          form.markSaved(value);
          notifications.show({ color: "green", message: t("preferences.saved") });
        },
      }),
    );
  }

  return (
    <>
      <FormPage
        back={{ to: "/", label: t("preferences.back") }}
        title={t("preferences.title")}
        dirty={form.dirty}
        onDiscard={form.discard}
        loading={(form.loading || !zoned) && !record.isError}
        problems={form.problems}
        error={save.error ?? record.error}
        saving={save.isPending}
        onSubmit={submit}
      >
        <Select
          label={t("preferences.timezone")}
          description={t("preferences.timezoneHint")}
          searchable
          allowDeselect={false}
          data={zones.options}
          filter={filterZones}
          nothingFoundMessage={t("preferences.zoneNothingFound")}
          value={zones.selected}
          onChange={(value) => change("standardTimezone", value ?? "")}
        />
        <Select
          label={t("preferences.country")}
          description={t("preferences.countryHint")}
          searchable
          clearable
          data={countries}
          nothingFoundMessage={t("preferences.countryNothingFound")}
          value={input.country || null}
          onChange={(value) => change("country", value ?? "")}
        />
        <Select
          label={t("formats.currency")}
          description={t("formats.currencyHint")}
          searchable
          allowDeselect={false}
          data={currencies.map((c) => ({ value: c.code, label: t("formats.currencyOption", { code: c.code, symbol: c.symbol }) }))}
          value={input.currency || null}
          onChange={(value) => change("currency", value ?? "")}
        />
        <Select
          label={t("preferences.businessType")}
          allowDeselect={false}
          data={choices("businessTypes", pagePreferenceChoices.businessTypes)}
          value={input.businessType || null}
          onChange={(value) => change("businessType", value ?? "")}
        />
        <Select
          label={t("preferences.paymentChoice")}
          allowDeselect={false}
          data={choices("paymentChoices", pagePreferenceChoices.paymentChoices)}
          value={input.paymentChoice.type || null}
          onChange={(value) => change("paymentChoice", { type: value ?? "" })}
        />
        <Select
          label={t("preferences.defaultTheme")}
          allowDeselect={false}
          data={choices("themeFamilies", pagePreferenceChoices.themeFamilies)}
          value={input.storeFrontDefaultTheme || null}
          onChange={(value) => change("storeFrontDefaultTheme", value ?? "")}
        />
      </FormPage>
      <ShippingSection />
      <TaxSection />
      <EmailSection />
    </>
  );
}
