// "E-mail me each new order": a staff member's own new-order alert (GET and PUT
// /stores/order-alerts). The owner always gets it, so theirs is shown on and fixed; while the
// store sends no alerts at all (Preferences → E-mails), the switch says so and waits.
import { Switch } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useSession } from "../../../app/session";
import { api } from "../../../lib/api";
import { notifyError } from "../../../lib/events";
import type { OrderAlerts } from "../../../types/generated/OrderAlerts";

const PATH = "/stores/order-alerts";

export function OrderAlertsSwitch() {
  const { t } = useTranslation();
  const storeId = useSession((state) => state.storeId);
  const client = useQueryClient();
  const key = ["order-alerts", storeId];
  const alerts = useQuery({ queryKey: key, queryFn: ({ signal }) => api<OrderAlerts>(PATH, { signal }), enabled: Boolean(storeId) });
  const change = useMutation({
    mutationFn: (on: boolean) => api<OrderAlerts>(PATH, { method: "PUT", body: { on, owner: false, storeSends: false } satisfies OrderAlerts }),
    onSuccess: (saved) => client.setQueryData(key, saved),
    onError: (error) => notifyError(error),
  });
  const value = alerts.data;
  if (!value) return null;
  const description = !value.storeSends ? t("orders.alertsStoreOff") : value.owner ? t("orders.alertsOwner") : undefined;
  return (
    <Switch
      label={t("orders.alertsMe")}
      description={description}
      checked={value.on && value.storeSends}
      disabled={value.owner || !value.storeSends || change.isPending}
      onChange={(e) => change.mutate(e.currentTarget.checked)}
      maw={320}
    />
  );
}
