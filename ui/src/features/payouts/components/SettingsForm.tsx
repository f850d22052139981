// Payout settings: how payouts go out (on request, or weekly), the smallest amount paid out and
// the card that receives them. The server checks them (a known schedule, an amount that is
// money, a card of this store); its message shows over the fields, which keep what was typed.
import { Alert, Button, Group, NumberInput, Select, Skeleton, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../../lib/errors";
import type { PayoutCard } from "../../../types/generated/PayoutCard";
import type { PayoutConfigInput } from "../../../types/generated/PayoutConfigInput";
import { usePayoutConfig, useSavePayoutConfig } from "../api/payouts";
import { useFormats } from "../../../hooks/useFormats";

const SCHEDULES = ["manual", "weekly"] as const;

export function SettingsForm({ cards }: { cards: PayoutCard[] }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const config = usePayoutConfig();
  const save = useSavePayoutConfig();
  const [typed, setTyped] = useState<PayoutConfigInput | null>(null);
  if (config.isPending) return <Skeleton height={80} />;
  const saved = config.data ?? null;
  const input: PayoutConfigInput = typed ?? {
    cardId: saved?.cardId ?? null,
    schedule: saved?.schedule ?? "manual",
    minimumAmount: saved?.minimumAmount ?? 50,
  };
  const change = (patch: Partial<PayoutConfigInput>) => setTyped({ ...input, ...patch });

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(
      { id: saved?.id ?? null, input },
      {
        onSuccess: () => {
          setTyped(null);
          void config.refetch();
          notifications.show({ color: "green", message: t("manage.saved") });
        },
      },
    );
  }

  return (
    <form onSubmit={submit} aria-label={t("payouts.settings")}>
      <Stack gap="sm">
        {config.isError && <Text c="red">{errorText(config.error)}</Text>}
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label={t("payouts.schedule")}
            w={200}
            data={SCHEDULES.map((schedule) => ({ value: schedule, label: t(`payouts.schedules.${schedule}`) }))}
            value={input.schedule}
            onChange={(schedule) => schedule && change({ schedule })}
            allowDeselect={false}
          />
          <NumberInput
            label={t("payouts.minimum")}
            prefix={formats.currency.symbol}
            w={160}
            min={0}
            decimalScale={2}
            value={input.minimumAmount}
            onChange={(n) => change({ minimumAmount: Number(n) || 0 })}
          />
          <Select
            label={t("payouts.receivingCard")}
            placeholder={t("payouts.defaultCard")}
            w={240}
            clearable
            data={cards.map((card) => ({ value: card.id, label: `${card.brand} ${card.maskedNumber}` }))}
            value={input.cardId}
            onChange={(cardId) => change({ cardId })}
          />
          <Button type="submit" loading={save.isPending}>
            {t("manage.save")}
          </Button>
        </Group>
        {save.isError && (
          <Alert color="red" role="alert" title={t("manage.saveFailed")}>
            {errorText(save.error)}
          </Alert>
        )}
      </Stack>
    </form>
  );
}
