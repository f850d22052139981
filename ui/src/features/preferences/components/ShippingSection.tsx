// The Shipping section of Preferences: the flat rate the storefront charges and the subtotal from
// which shipping is free (empty: never free), checked by the core and saved with PUT.
import { Alert, Button, Group, List, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { checkRecord } from "../../../core";
import { errorText } from "../../../lib/errors";
import type { ShippingSettings } from "../../../types/generated/ShippingSettings";
import { useSaveShippingSettings, useShippingSettings } from "../api/preferences";
import { useFormats } from "../../../hooks/useFormats";
import { MoneyInput } from "../../../components/MoneyInput";

export function ShippingSection() {
  const { t } = useTranslation();
  const saved = useShippingSettings();
  const save = useSaveShippingSettings();
  const formats = useFormats();
  const [input, setInput] = useState<ShippingSettings | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  // Filled once from the server; what is typed is never replaced after.
  if (input === null && saved.data) setInput({ rate: saved.data.rate, freeShippingOver: saved.data.freeShippingOver ?? undefined });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!input) return;
    const found = checkRecord("shipping", input, formats.currency.code);
    setProblems(found);
    if (found.length === 0) save.mutate(input, { onSuccess: () => notifications.show({ color: "green", message: t("preferences.shippingSaved") }) });
  }

  return (
    <Paper withBorder radius="md" p="lg" component="form" onSubmit={submit} noValidate aria-labelledby="shipping-title" maw={800} mx="auto" mt="md">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} fz="h4" id="shipping-title">
            {t("preferences.shipping")}
          </Title>
          <Button type="submit" loading={save.isPending} disabled={!input}>
            {t("preferences.saveShipping")}
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          {t("preferences.shippingHint")}
        </Text>
        {problems.length > 0 && (
          <Alert color="red" title={t("manage.fixProblems")} role="alert">
            <List size="sm">
              {problems.map((problem) => (
                <List.Item key={problem}>{problem}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        {problems.length === 0 && Boolean(save.error ?? saved.error) && (
          <Alert color="red" title={saved.error ? t("manage.loadFailed") : t("manage.saveFailed")} role="alert">
            {errorText(save.error ?? saved.error)}
          </Alert>
        )}
        {input ? (
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
        ) : (
          !saved.isError && <Skeleton height={60} />
        )}
      </Stack>
    </Paper>
  );
}
