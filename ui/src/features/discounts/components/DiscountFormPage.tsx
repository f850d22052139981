// A discount's form: the code (or an automatic discount's title), a percent, an amount or free
// shipping, the subtotal it needs, how many times it may be used (in all and per customer), the
// period and whether it is active, checked by the core before it is sent.
import { NumberInput, SegmentedControl, SimpleGrid, Stack, Switch, Text, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { checkDiscount, contentChoices } from "../../../core";
import type { DiscountInput } from "../../../types/generated/DiscountInput";
import { FormPage } from "../../../components/records/FormPage";
import { useRecordPage } from "../../../components/records/useRecordPage";
import { discountInput, discounts, fromLocalInput, toLocalInput } from "../api/discounts";
import { useFormats } from "../../../hooks/useFormats";
import { MoneyInput } from "../../../components/MoneyInput";

/** An optional amount typed in a field: absent when the field is empty. */
function optionalNumber(value: string | number): number | undefined {
  if (value === "") return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

/** An optional count typed in a field (a plain number on the wire, whatever the generated type). */
function optionalCount(value: string | number): bigint | undefined {
  const number = optionalNumber(value);
  return number === undefined ? undefined : (Math.trunc(number) as unknown as bigint);
}

export function DiscountFormPage({ method }: { method: "code" | "automatic" }) {
  const { t } = useTranslation();
  const base = `/discounts/${method}`;
  const empty: DiscountInput = { method, code: "", valueType: "percent", value: 10, isActive: true };
  const formats = useFormats();
  const check = (input: DiscountInput) => {
    const problem = checkDiscount(input, formats.currency.code);
    return problem ? [problem] : [];
  };
  const { id, record, form, formProps } = useRecordPage({ records: discounts, base, toInput: discountInput, empty, check });
  const { input, change } = form;

  return (
    <FormPage
      back={{ to: base, label: t(`discounts.title.${method}`) }}
      title={id ? (record.data?.code ?? t("discounts.edit")) : t(`discounts.add.${method}`)}
      {...formProps}
    >
      <TextInput
        label={t(`discounts.name.${method}`)}
        description={method === "code" ? t("discounts.codeHint") : undefined}
        required
        value={input.code}
        onChange={(e) => change("code", e.currentTarget.value)}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t("discounts.value")}
        </Text>
        <SegmentedControl
          fullWidth
          value={input.valueType}
          onChange={(value) => {
            change("valueType", value);
            // Free shipping takes no value of its own.
            if (value === "free_shipping") change("value", 0);
          }}
          data={contentChoices.discountValueTypes.map((value) => ({ value, label: t(`discounts.valueTypes.${value}`) }))}
        />
      </Stack>
      {input.valueType !== "free_shipping" && (
        <MoneyInput
          label={input.valueType === "percent" ? t("discounts.percent") : t("discounts.amount")}
          min={0}
          value={input.value}
          onValue={(value) => change("value", value ?? 0)}
        />
      )}
      <MoneyInput
        label={t("discounts.minSubtotal")}
        description={t("discounts.minSubtotalHint")}
        min={0}
        allowNegative={false}
        value={input.minSubtotal ?? undefined}
        onValue={(value) => change("minSubtotal", value)}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput
          label={t("discounts.usageLimit")}
          description={t("discounts.limitHint")}
          min={1}
          allowDecimal={false}
          allowNegative={false}
          value={input.usageLimit == null ? "" : Number(input.usageLimit)}
          onChange={(value) => change("usageLimit", optionalCount(value))}
        />
        <NumberInput
          label={t("discounts.perCustomerLimit")}
          description={t("discounts.limitHint")}
          min={1}
          allowDecimal={false}
          allowNegative={false}
          value={input.perCustomerLimit == null ? "" : Number(input.perCustomerLimit)}
          onChange={(value) => change("perCustomerLimit", optionalCount(value))}
        />
      </SimpleGrid>
      {record.data && (
        <Text size="sm" c="dimmed">
          {t("discounts.usedTimes", { count: Number(record.data.used) })}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          type="datetime-local"
          label={t("discounts.starts")}
          value={toLocalInput(input.startsAt)}
          onChange={(e) => change("startsAt", fromLocalInput(e.currentTarget.value))}
        />
        <TextInput
          type="datetime-local"
          label={t("discounts.ends")}
          value={toLocalInput(input.endsAt)}
          onChange={(e) => change("endsAt", fromLocalInput(e.currentTarget.value))}
        />
      </SimpleGrid>
      <Switch label={t("discounts.active")} checked={input.isActive ?? true} onChange={(e) => change("isActive", e.currentTarget.checked)} />
    </FormPage>
  );
}
