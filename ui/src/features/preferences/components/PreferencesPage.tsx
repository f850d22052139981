// Preferences (website.preferences): the store's time zone, business type, who takes payments
// and the storefront's default theme family, with the form pattern: filled once from the
// server, checked by the core (the time zone against the database of the core's time-zone
// build, loaded with this page) and saved with PUT. Below it, the Shipping section, saved on its
// own.
import { Select } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { pagePreferenceChoices } from "../../../core";
import { currencies } from "../../../core/formats";
import { translateCore } from "../../../i18n";
import type { PagePreference } from "../../../types/generated/PagePreference";
import { FormPage } from "../../../components/records/FormPage";
import { useRecordForm } from "../../../components/records/useRecordForm";
import { usePreferences, useSavePreferences } from "../api/preferences";
import { ShippingSection } from "./ShippingSection";

type Check = (preference: PagePreference) => string[];

const EMPTY: PagePreference = { standardTimezone: "", businessType: "", paymentChoice: { type: "" }, storeFrontDefaultTheme: "" };
const ID = "preferences";

/** The browser's zone names, with the saved one kept even when the browser does not list it. */
function zoneNames(current: string): string[] {
  const names = Intl.supportedValuesOf("timeZone");
  return current && !names.includes(current) ? [current, ...names] : names;
}

export function PreferencesPage() {
  const { t } = useTranslation();
  const record = usePreferences();
  const save = useSavePreferences();
  // The core's check needs the time-zone build, which this page loads.
  const [check, setCheck] = useState<Check | null>(null);
  useEffect(() => {
    let live = true;
    void import("../../../core/zoned").then(({ checkPagePreference }) => {
      if (live)
        setCheck(
          () => (preference: PagePreference) => Object.values(checkPagePreference(preference).errors).map((error) => translateCore(error.code, error.message)),
        );
    });
    return () => {
      live = false;
    };
  }, []);
  const form = useRecordForm({ id: ID, record: record.data, toInput: (saved) => saved, empty: EMPTY, check: (input) => (check ? check(input) : []) });
  const { input, change } = form;
  const zones = useMemo(() => zoneNames(input.standardTimezone), [input.standardTimezone]);
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
        loading={(form.loading || !check) && !record.isError}
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
          data={zones}
          value={input.standardTimezone || null}
          onChange={(value) => change("standardTimezone", value ?? "")}
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
    </>
  );
}
