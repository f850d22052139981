// The Shipping section of Preferences: the store's shipping zones, each with its name, its
// countries and regions (or the rest of the world), the subtotal from which its shipping is free,
// and its rates (flat, by order value or by weight, between the bounds given), checked by the
// core and saved with PUT. The checkout offers the rates of the zone serving the address.
import { ActionIcon, Button, Group, MultiSelect, NumberInput, Paper, Select, SimpleGrid, Stack, Switch, Text, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { checkRecord } from "../../../core";
import { shippingCountries } from "../../../core/commerce";
import type { RateCondition } from "../../../types/generated/RateCondition";
import { useFormats } from "../../../hooks/useFormats";
import { MoneyInput } from "../../../components/MoneyInput";
import { useShippingSettings } from "../api/preferences";
import { SettingSection } from "./SettingSection";
import {
  CONDITIONS,
  type RateRow,
  type RegionRow,
  type ZoneRow,
  firstUnpriced,
  rateRow,
  regionRow,
  settingsOf,
  zoneRow,
  zoneRows,
} from "../utils/shippingForm";

/** What a grams field holds: a whole number, or nothing while it is empty. */
const grams = (value: string | number): number | undefined => (typeof value === "number" ? value : undefined);

export function ShippingSection() {
  const { t } = useTranslation();
  const { query: saved, save } = useShippingSettings();
  const formats = useFormats();
  const countries = useMemo(() => shippingCountries().map((c) => ({ value: c.code, label: c.name })), []);
  const conditions = CONDITIONS.map((value) => ({ value, label: t(`preferences.conditions.${value}`) }));
  const [input, setInput] = useState<ZoneRow[] | null>(null);
  // What is saved, as the form would send it: Save is off while nothing typed differs.
  const [baseline, setBaseline] = useState("");
  const [problems, setProblems] = useState<string[]>([]);
  // Filled once from the server; what is typed is never replaced after.
  if (input === null && saved.data) {
    const zones = zoneRows(saved.data);
    setInput(zones);
    setBaseline(JSON.stringify(settingsOf(zones)));
  }
  const unchanged = input !== null && JSON.stringify(settingsOf(input)) === baseline;

  function submit() {
    if (!input) return;
    // A rate without a price typed is not a rate yet; the rest is the core's verdict.
    const unfinished = firstUnpriced(input);
    const value = settingsOf(input);
    const found = unfinished ? [t("preferences.shippingPriceMissing", unfinished)] : checkRecord("shipping", value, formats.currency.code);
    setProblems(found);
    if (found.length === 0)
      save.mutate(value, {
        onSuccess: (stored) => {
          const zones = zoneRows(stored);
          setInput(zones);
          setBaseline(JSON.stringify(settingsOf(zones)));
          notifications.show({ color: "green", message: t("preferences.shippingSaved") });
        },
      });
  }

  function changeZone(key: number, patch: Partial<ZoneRow>) {
    if (!input) return;
    setInput(input.map((z) => (z.key === key ? { ...z, ...patch } : z)));
  }

  function changeRate(zone: ZoneRow, key: number, patch: Partial<RateRow>) {
    changeZone(zone.key, { rates: zone.rates.map((r) => (r.key === key ? { ...r, ...patch } : r)) });
  }

  function changeRegion(zone: ZoneRow, key: number, patch: Partial<RegionRow>) {
    changeZone(zone.key, { regions: zone.regions.map((r) => (r.key === key ? { ...r, ...patch } : r)) });
  }

  return (
    <SettingSection
      id="shipping"
      title={t("preferences.shipping")}
      hint={t("preferences.shippingHint")}
      saveLabel={t("preferences.saveShipping")}
      saving={save.isPending}
      unchanged={unchanged}
      problems={problems}
      saveError={save.error}
      loadError={saved.error}
      onSubmit={submit}
    >
      {input && (
        <>
          {input.length === 0 && (
            <Text size="sm" c="dimmed">
              {t("preferences.noZones")}
            </Text>
          )}
          {input.map((zone, index) => {
            const number = index + 1;
            return (
              <Paper key={zone.key} withBorder radius="md" p="md" role="group" aria-label={t("preferences.zoneNumber", { number })}>
                <Stack gap="sm">
                  <Group align="flex-end" wrap="nowrap" gap="xs">
                    <TextInput
                      label={t("preferences.zoneName")}
                      placeholder={t("preferences.zoneNameHint")}
                      value={zone.name}
                      onChange={(e) => changeZone(zone.key, { name: e.currentTarget.value })}
                      style={{ flex: 1 }}
                    />
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      mb={4}
                      aria-label={t("preferences.removeZone", { number })}
                      onClick={() => setInput(input.filter((z) => z.key !== zone.key))}
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Group>
                  <Switch
                    label={t("preferences.restOfWorld")}
                    description={t("preferences.restOfWorldHint")}
                    checked={zone.restOfWorld}
                    onChange={(e) => changeZone(zone.key, { restOfWorld: e.currentTarget.checked })}
                  />
                  <MultiSelect
                    label={t("preferences.zoneCountries")}
                    description={t("preferences.zoneCountriesHint")}
                    searchable
                    nothingFoundMessage={t("preferences.countryNothingFound")}
                    data={countries}
                    value={zone.countries}
                    onChange={(value) => changeZone(zone.key, { countries: value })}
                  />
                  {zone.regions.map((region, at) => (
                    <Group
                      key={region.key}
                      align="flex-end"
                      wrap="wrap"
                      gap="xs"
                      role="group"
                      aria-label={t("preferences.zoneRegionNumber", { number: at + 1 })}
                    >
                      <Select
                        label={t("preferences.taxCountry")}
                        searchable
                        allowDeselect={false}
                        nothingFoundMessage={t("preferences.countryNothingFound")}
                        data={countries}
                        value={region.country || null}
                        onChange={(value) => changeRegion(zone, region.key, { country: value ?? "" })}
                        style={{ flex: "2 1 200px" }}
                      />
                      <TextInput
                        label={t("preferences.taxRegion")}
                        placeholder={t("preferences.zoneRegionHint")}
                        value={region.region}
                        onChange={(e) => changeRegion(zone, region.key, { region: e.currentTarget.value })}
                        style={{ flex: "1 1 120px" }}
                      />
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="lg"
                        mb={4}
                        aria-label={t("preferences.removeZoneRegion", { number: at + 1, zone: number })}
                        onClick={() => changeZone(zone.key, { regions: zone.regions.filter((r) => r.key !== region.key) })}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Group>
                  ))}
                  <Group>
                    <Button
                      variant="subtle"
                      size="xs"
                      leftSection={<IconPlus size={14} />}
                      onClick={() => changeZone(zone.key, { regions: [...zone.regions, regionRow()] })}
                    >
                      {t("preferences.addZoneRegion")}
                    </Button>
                  </Group>
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <MoneyInput
                      label={t("preferences.freeShippingOver")}
                      description={t("preferences.freeShippingOverHint")}
                      min={0}
                      allowNegative={false}
                      hideControls
                      value={zone.freeShippingOver}
                      onValue={(value) => changeZone(zone.key, { freeShippingOver: value })}
                    />
                  </SimpleGrid>
                  <Text size="sm" fw={500}>
                    {t("preferences.zoneRates")}
                  </Text>
                  {zone.rates.map((rate, at) => (
                    <Group
                      key={rate.key}
                      align="flex-end"
                      wrap="wrap"
                      gap="xs"
                      role="group"
                      aria-label={t("preferences.shippingRateNumber", { number: at + 1 })}
                    >
                      <TextInput
                        label={t("preferences.rateName")}
                        placeholder={t("preferences.rateNameHint")}
                        value={rate.name}
                        onChange={(e) => changeRate(zone, rate.key, { name: e.currentTarget.value })}
                        style={{ flex: "2 1 160px" }}
                      />
                      <MoneyInput
                        label={t("preferences.ratePrice")}
                        min={0}
                        allowNegative={false}
                        hideControls
                        value={rate.price}
                        onValue={(value) => changeRate(zone, rate.key, { price: value })}
                        style={{ flex: "1 1 100px" }}
                      />
                      <Select
                        label={t("preferences.rateCondition")}
                        allowDeselect={false}
                        data={conditions}
                        value={rate.condition}
                        onChange={(value) => changeRate(zone, rate.key, { condition: (value as RateCondition | null) ?? "flat" })}
                        style={{ flex: "1 1 150px" }}
                      />
                      {rate.condition === "value" && (
                        <>
                          <MoneyInput
                            label={t("preferences.minSubtotal")}
                            min={0}
                            allowNegative={false}
                            hideControls
                            value={rate.minSubtotal}
                            onValue={(value) => changeRate(zone, rate.key, { minSubtotal: value })}
                            style={{ flex: "1 1 110px" }}
                          />
                          <MoneyInput
                            label={t("preferences.maxSubtotal")}
                            min={0}
                            allowNegative={false}
                            hideControls
                            value={rate.maxSubtotal}
                            onValue={(value) => changeRate(zone, rate.key, { maxSubtotal: value })}
                            style={{ flex: "1 1 110px" }}
                          />
                        </>
                      )}
                      {rate.condition === "weight" && (
                        <>
                          <NumberInput
                            label={t("preferences.minGrams")}
                            min={0}
                            allowDecimal={false}
                            allowNegative={false}
                            hideControls
                            value={rate.minGrams ?? ""}
                            onChange={(value) => changeRate(zone, rate.key, { minGrams: grams(value) })}
                            style={{ flex: "1 1 110px" }}
                          />
                          <NumberInput
                            label={t("preferences.maxGrams")}
                            min={0}
                            allowDecimal={false}
                            allowNegative={false}
                            hideControls
                            value={rate.maxGrams ?? ""}
                            onChange={(value) => changeRate(zone, rate.key, { maxGrams: grams(value) })}
                            style={{ flex: "1 1 110px" }}
                          />
                        </>
                      )}
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="lg"
                        mb={4}
                        aria-label={t("preferences.removeShippingRate", { number: at + 1, zone: number })}
                        onClick={() => changeZone(zone.key, { rates: zone.rates.filter((r) => r.key !== rate.key) })}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Group>
                  ))}
                  <Group>
                    <Button
                      variant="light"
                      size="xs"
                      leftSection={<IconPlus size={14} />}
                      onClick={() => changeZone(zone.key, { rates: [...zone.rates, rateRow()] })}
                    >
                      {t("preferences.addShippingRate")}
                    </Button>
                  </Group>
                </Stack>
              </Paper>
            );
          })}
          <Group>
            <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setInput([...input, zoneRow()])}>
              {t("preferences.addZone")}
            </Button>
          </Group>
        </>
      )}
    </SettingSection>
  );
}
