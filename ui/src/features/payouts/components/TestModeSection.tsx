// Test mode (issue 24): while it is on, the storefront's checkout places test orders (no money is
// taken, they are not in the balance); off, the checkout needs a payment gateway, and without
// one the storefront says checkout is unavailable.
import { Alert, Skeleton, Stack, Switch, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { errorText } from "../../../lib/errors";
import { useSetTestMode, useTestMode } from "../api/payouts";

export function TestModeSection() {
  const { t } = useTranslation();
  const mode = useTestMode();
  const save = useSetTestMode();
  if (mode.isPending) return <Skeleton height={40} />;
  if (!mode.data) return <Alert color="red">{errorText(mode.error)}</Alert>;
  const { testMode, hasGateway } = mode.data;
  return (
    <Stack gap="xs">
      <Switch
        label={t("payouts.testMode.label")}
        description={t("payouts.testMode.hint")}
        checked={testMode}
        disabled={save.isPending}
        onChange={(event) => save.mutate({ testMode: event.currentTarget.checked })}
      />
      {!testMode && !hasGateway && (
        <Alert color="yellow" title={t("payouts.testMode.unavailableTitle")}>
          {t("payouts.testMode.unavailable")}
        </Alert>
      )}
      {!testMode && hasGateway && <Text size="sm">{t("payouts.testMode.live")}</Text>}
      {save.error && <Alert color="red">{errorText(save.error)}</Alert>}
    </Stack>
  );
}
