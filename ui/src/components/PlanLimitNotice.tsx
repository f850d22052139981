// A plan's limit where the merchant adds what it counts (products, themes, staff accounts): how
// many the plan allows and the store has, and once it is reached, the plan that allows more with
// a link to the plans, as the domains screen does for own domains. Nothing on a plan without
// that limit. The server refuses beyond the limit too; this only tells the merchant first.
import { Alert, Button, Group, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useOpenable } from "../hooks/useOpenable";
import { usePlanLimits } from "../hooks/usePlanLimits";

export type LimitedThing = "products" | "themes" | "staff";

export function PlanLimitNotice({ what }: { what: LimitedThing }) {
  const { t } = useTranslation();
  const limits = usePlanLimits();
  const account = useOpenable("website.settings.account");
  const limit = limits.data?.[what];
  if (!limit || limit.max === null) return null;
  const reached = limit.full;
  const text = reached
    ? t(`planLimits.${what}Reached`, { count: limit.max, used: limit.used, plan: limit.moreWith ?? "" })
    : t(`planLimits.${what}Used`, { count: limit.max, used: limit.used });
  return (
    <Alert color={reached ? "indigo" : "gray"} variant="light" role="status">
      <Group justify="space-between" gap="xs">
        <Text size="sm" style={{ flex: "1 1 240px", minWidth: 0 }}>
          {text}
        </Text>
        {reached && limit.moreWith && account && (
          <Button size="xs" component={Link} to={`${account}/plans`}>
            {t("domains.seePlans")}
          </Button>
        )}
      </Group>
    </Alert>
  );
}
