// The Taxes section of Preferences: whether prices include tax, whether shipping is taxed, and a
// rate per country (and per region where the country has its own), checked by the core and saved
// with PUT. The checkout counts the tax of the shopper's address from these.
import { ActionIcon, Button, Group, Select, Switch, Text, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { checkRecord } from "../../../core";
import { shippingCountries } from "../../../core/commerce";
import type { TaxRate } from "../../../types/generated/TaxRate";
import type { TaxSettings } from "../../../types/generated/TaxSettings";
import { useFormats } from "../../../hooks/useFormats";
import { MoneyInput } from "../../../components/MoneyInput";
import { useTaxSettings } from "../api/preferences";
import { SettingSection } from "./SettingSection";

/** A rate as the form holds it: no percent until one is typed. */
type RateRow = { key: number; country: string; region: string; percent: number | undefined };

let nextKey = 0;
const row = (rate?: TaxRate): RateRow => ({ key: nextKey++, country: rate?.country ?? "", region: rate?.region ?? "", percent: rate?.percent });

export function TaxSection() {
  const { t } = useTranslation();
  const { query: saved, save } = useTaxSettings();
  const formats = useFormats();
  const countries = useMemo(() => shippingCountries().map((c) => ({ value: c.code, label: c.name })), []);
  const [input, setInput] = useState<{ pricesIncludeTax: boolean; taxShipping: boolean; rates: RateRow[] } | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  // Filled once from the server; what is typed is never replaced after.
  if (input === null && saved.data) setInput({ ...saved.data, rates: saved.data.rates.map(row) });

  function submit() {
    if (!input) return;
    // A row without a rate typed is not a rate yet; the rest is the core's verdict.
    const unfinished = input.rates.findIndex((r) => r.percent === undefined);
    const value: TaxSettings = {
      pricesIncludeTax: input.pricesIncludeTax,
      taxShipping: input.taxShipping,
      rates: input.rates.map((r) => ({ country: r.country, region: r.region, percent: r.percent ?? 0 })),
    };
    const found = unfinished >= 0 ? [t("preferences.taxRateMissing", { number: unfinished + 1 })] : checkRecord("taxes", value, formats.currency.code);
    setProblems(found);
    if (found.length === 0)
      save.mutate(value, {
        onSuccess: (stored) => {
          setInput({ ...stored, rates: stored.rates.map(row) });
          notifications.show({ color: "green", message: t("preferences.taxesSaved") });
        },
      });
  }

  function change(key: number, patch: Partial<RateRow>) {
    if (!input) return;
    setInput({ ...input, rates: input.rates.map((r) => (r.key === key ? { ...r, ...patch } : r)) });
  }

  return (
    <SettingSection
      id="taxes"
      title={t("preferences.taxes")}
      hint={t("preferences.taxesHint")}
      saveLabel={t("preferences.saveTaxes")}
      saving={save.isPending}
      problems={problems}
      saveError={save.error}
      loadError={saved.error}
      onSubmit={submit}
    >
      {input && (
        <>
          <Switch
            label={t("preferences.pricesIncludeTax")}
            description={t("preferences.pricesIncludeTaxHint")}
            checked={input.pricesIncludeTax}
            onChange={(e) => setInput({ ...input, pricesIncludeTax: e.currentTarget.checked })}
          />
          <Switch
            label={t("preferences.taxShipping")}
            description={t("preferences.taxShippingHint")}
            checked={input.taxShipping}
            onChange={(e) => setInput({ ...input, taxShipping: e.currentTarget.checked })}
          />
          {input.rates.length === 0 && (
            <Text size="sm" c="dimmed">
              {t("preferences.noTaxRates")}
            </Text>
          )}
          {input.rates.map((rate, index) => (
            <Group key={rate.key} align="flex-end" wrap="wrap" gap="xs" role="group" aria-label={t("preferences.taxRateNumber", { number: index + 1 })}>
              <Select
                label={t("preferences.taxCountry")}
                searchable
                allowDeselect={false}
                data={countries}
                value={rate.country || null}
                onChange={(value) => change(rate.key, { country: value ?? "" })}
                style={{ flex: "2 1 200px" }}
              />
              <TextInput
                label={t("preferences.taxRegion")}
                placeholder={t("preferences.taxRegionHint")}
                value={rate.region}
                onChange={(e) => change(rate.key, { region: e.currentTarget.value })}
                style={{ flex: "1 1 120px" }}
              />
              <MoneyInput
                label={t("preferences.taxPercent")}
                allowNegative={false}
                hideControls
                value={rate.percent}
                onValue={(value) => change(rate.key, { percent: value })}
                style={{ flex: "1 1 100px" }}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                mb={4}
                aria-label={t("preferences.removeTaxRate", { number: index + 1 })}
                onClick={() => setInput({ ...input, rates: input.rates.filter((r) => r.key !== rate.key) })}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setInput({ ...input, rates: [...input.rates, row()] })}>
              {t("preferences.addTaxRate")}
            </Button>
          </Group>
        </>
      )}
    </SettingSection>
  );
}
