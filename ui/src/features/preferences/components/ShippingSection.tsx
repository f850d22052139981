// The Shipping section of Preferences: the flat rate the storefront charges and the subtotal from
// which shipping is free (empty: never free), checked by the core and saved with PUT.
import { SimpleGrid } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { checkRecord } from "../../../core";
import type { ShippingSettings } from "../../../types/generated/ShippingSettings";
import { useShippingSettings } from "../api/preferences";
import { useFormats } from "../../../hooks/useFormats";
import { MoneyInput } from "../../../components/MoneyInput";
import { SettingSection } from "./SettingSection";

export function ShippingSection() {
  const { t } = useTranslation();
  const { query: saved, save } = useShippingSettings();
  const formats = useFormats();
  const [input, setInput] = useState<ShippingSettings | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  // Filled once from the server; what is typed is never replaced after.
  if (input === null && saved.data) setInput({ rate: saved.data.rate, freeShippingOver: saved.data.freeShippingOver ?? undefined });

  function submit() {
    if (!input) return;
    const found = checkRecord("shipping", input, formats.currency.code);
    setProblems(found);
    if (found.length === 0) save.mutate(input, { onSuccess: () => notifications.show({ color: "green", message: t("preferences.shippingSaved") }) });
  }

  return (
    <SettingSection
      id="shipping"
      title={t("preferences.shipping")}
      hint={t("preferences.shippingHint")}
      saveLabel={t("preferences.saveShipping")}
      saving={save.isPending}
      problems={problems}
      saveError={save.error}
      loadError={saved.error}
      onSubmit={submit}
    >
      {input && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <MoneyInput
            label={t("preferences.shippingRate")}
            min={0}
            allowNegative={false}
            value={input.rate}
            onValue={(value) => setInput({ ...input, rate: value ?? 0 })}
          />
          <MoneyInput
            label={t("preferences.freeShippingOver")}
            description={t("preferences.freeShippingOverHint")}
            min={0}
            allowNegative={false}
            value={input.freeShippingOver ?? undefined}
            onValue={(value) => setInput({ ...input, freeShippingOver: value })}
          />
        </SimpleGrid>
      )}
    </SettingSection>
  );
}
