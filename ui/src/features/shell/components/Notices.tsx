// Notices above every admin page: the trial banner and the payment-gateway notice. Each offers
// the screen that deals with it to those who may open it: the plan page (under Account
// settings) and the Payment gateway screen (the payout route's `checkout` scope).
import { Alert, Button, Group, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { mayOpen } from "../../../core";
import { useUserInfo } from "../../../hooks/useStoreData";
import { useSubscription } from "../../../hooks/useSubscription";
import { useStoreProxies } from "../api/useShellCalls";

export function Notices() {
  const { t } = useTranslation();
  const user = useUserInfo();
  const subscription = useSubscription();
  const proxies = useStoreProxies();
  const scopes = user.data?.scopes ?? [];
  return (
    <>
      {subscription.data?.onTrial && (
        <Alert color="indigo" variant="light" mb="md" role="status">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{t("shell.trial")}</Text>
            {mayOpen("website.settings.account", scopes) && (
              <Button size="xs" component={Link} to="/settings/account/plans">
                {t("shell.selectPlan")}
              </Button>
            )}
          </Group>
        </Alert>
      )}
      {proxies.isSuccess && proxies.data.length === 0 && (
        <Alert color="orange" variant="light" mb="md" role="alert">
          <Group justify="space-between" gap="xs">
            <Text size="sm" style={{ flex: "1 1 240px", minWidth: 0 }}>
              {t("shell.noGateway")}
            </Text>
            {mayOpen("website.settings.payout", scopes) && (
              // The dark variant: white on the filled orange reads below WCAG AA's 4.5:1.
              <Button size="xs" color="dark" component={Link} to="/settings/payment-gateway">
                {t("gateway.setUp")}
              </Button>
            )}
          </Group>
        </Alert>
      )}
    </>
  );
}
