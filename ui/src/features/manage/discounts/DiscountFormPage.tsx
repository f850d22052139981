// A discount's form: the code (or an automatic discount's title), a percent or an amount, the
// period and whether it is active, checked by the core before it is sent.
import { NumberInput, SegmentedControl, SimpleGrid, Stack, Switch, Text, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { checkDiscount, contentChoices } from "../../../core";
import type { DiscountInput } from "../../../types/generated/DiscountInput";
import { FormPage } from "../FormPage";
import { useRecordPage } from "../useRecordPage";
import { discountInput, discounts, fromLocalInput, toLocalInput } from "./api";

export function DiscountFormPage({ method }: { method: "code" | "automatic" }) {
  const { t } = useTranslation();
  const base = `/discounts/${method}`;
  const empty: DiscountInput = { method, code: "", valueType: "percent", value: 10, isActive: true };
  const check = (input: DiscountInput) => {
    const problem = checkDiscount(input);
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
          value={input.valueType}
          onChange={(value) => change("valueType", value)}
          data={contentChoices.discountValueTypes.map((value) => ({ value, label: t(`discounts.valueTypes.${value}`) }))}
        />
      </Stack>
      <NumberInput
        label={input.valueType === "percent" ? t("discounts.percent") : t("discounts.amount")}
        decimalScale={2}
        min={0}
        value={input.value}
        onChange={(value) => change("value", typeof value === "number" ? value : Number(value) || 0)}
      />
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
