// Notices above every admin page: the trial banner and the payment-gateway notice.
import { Alert, Button, Group, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useStoreProxies, useSubscription } from "../api/useShellCalls";

export function Notices() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const subscription = useSubscription();
  const proxies = useStoreProxies();
  return (
    <>
      {subscription.data?.onTrial && (
        <Alert color="indigo" variant="light" mb="md" role="status">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{t("shell.trial")}</Text>
            <Button size="xs" onClick={() => void navigate("/settings/account")}>
              {t("shell.selectPlan")}
            </Button>
          </Group>
        </Alert>
      )}
      {proxies.isSuccess && proxies.data.length === 0 && (
        <Alert color="orange" variant="light" mb="md" role="alert">
          {t("shell.noGateway")}
        </Alert>
      )}
    </>
  );
}
