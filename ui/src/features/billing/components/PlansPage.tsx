// Plans (under Account settings; the trial banner's "Select a plan" opens it): the plans from
// the server, the store's current one, and for the owner only, choose, change or cancel (the
// server refuses anyone else). Choosing a plan ends the trial, so the banner goes. Payment of
// the plan is a test mode, and the page says so. The enable-ref check (the first item's
// enableRef and isVip) shows what the store's subscription unlocks.
import { Alert, Anchor, Badge, Button, Group, List, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft, IconCheck } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { moneyWithCode } from "../../../core";
import { useUserInfo } from "../../../hooks/useStoreData";
import { errorText } from "../../../lib/errors";
import type { Plan } from "../../../types/generated/Plan";
import type { Subscription } from "../../../types/generated/Subscription";
import { notifySaved } from "../../../lib/notifySaved";
import { ConfirmDialog } from "../../../components/records/ConfirmDialog";
import { useSubscription } from "../../../hooks/useSubscription";
import { useCancelPlan, useChoosePlan, useEnableRef, usePlans } from "../api/billing";

function PlanCard({ plan, subscription, mayChange, onChoose }: { plan: Plan; subscription: Subscription; mayChange: boolean; onChoose: (plan: Plan) => void }) {
  const { t } = useTranslation();
  const current = plan.code === subscription.planCode;
  const name = t(`gateway.planNames.${plan.code}`, { defaultValue: plan.name });
  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      component="li"
      aria-label={name}
      style={{ display: "flex", flexDirection: "column", gap: 12, borderColor: current ? "var(--mantine-color-indigo-5)" : undefined }}
    >
      <Group justify="space-between" gap="xs">
        <Title order={2} fz="h4">
          {name}
        </Title>
        {current && <Badge color="indigo">{subscription.onTrial ? t("gateway.onTrial") : t("gateway.current")}</Badge>}
      </Group>
      <Text fz="xl" fw={800}>
        {plan.price > 0 ? t("gateway.perMonth", { price: moneyWithCode(plan.price, { currencySign: null, currencyCode: plan.currency }) }) : t("gateway.free")}
      </Text>
      <List spacing={4} size="sm" icon={<IconCheck size={14} aria-hidden />} style={{ flex: 1 }}>
        {plan.features.map((feature) => (
          <List.Item key={feature.code}>{t(`gateway.features.${feature.code}`, { defaultValue: feature.text })}</List.Item>
        ))}
      </List>
      {mayChange &&
        (current && !subscription.onTrial ? (
          <Button variant="light" disabled>
            {t("gateway.current")}
          </Button>
        ) : (
          <Button onClick={() => onChoose(plan)} aria-label={t("gateway.chooseNamed", { name })}>
            {current ? t("gateway.keep") : t("gateway.choose")}
          </Button>
        ))}
    </Paper>
  );
}

export function PlansPage() {
  const { t } = useTranslation();
  const user = useUserInfo();
  const plans = usePlans();
  const subscription = useSubscription();
  const enableRef = useEnableRef();
  const choose = useChoosePlan();
  const cancel = useCancelPlan();
  const [asked, setAsked] = useState<Plan | "cancel" | null>(null);
  const mayChange = user.data?.isStoreOwner === true;
  const failed = plans.isError ? plans.error : subscription.isError ? subscription.error : null;
  const current = subscription.data;
  const currentName = (code: string) => t(`gateway.planNames.${code}`, { defaultValue: plans.data?.find((plan) => plan.code === code)?.name ?? code });

  const confirm = () => {
    if (asked === "cancel") cancel.mutate(undefined, { onSuccess: () => notifySaved(t("gateway.cancelled")) });
    else if (asked) choose.mutate(asked.code, { onSuccess: () => notifySaved(t("gateway.chosen", { name: currentName(asked.code) })) });
    setAsked(null);
  };
  const askedPlan = asked !== null && asked !== "cancel" ? asked : null;

  return (
    <Stack gap="md" maw={1100} mx="auto">
      <Anchor component={Link} to="/settings/account" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          {t("gateway.backToAccount")}
        </Group>
      </Anchor>
      <div>
        <Title order={1} fz="h2">
          {t("gateway.plansTitle")}
        </Title>
        <Text c="dimmed">{t("gateway.plansSubtitle")}</Text>
      </div>
      <Alert color="yellow" variant="light" title={t("gateway.testModeTitle")}>
        {t("gateway.testModeBody")}
      </Alert>
      {failed ? (
        <Alert color="red" title={t("gateway.loadFailed")}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorText(failed)}</Text>
            <Button size="xs" variant="light" onClick={() => void Promise.all([plans.refetch(), subscription.refetch()])}>
              {t("gateway.retry")}
            </Button>
          </Stack>
        </Alert>
      ) : !plans.data || !current ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} aria-busy="true">
          {[0, 1, 2, 3].map((key) => (
            <Paper key={key} withBorder radius="md" p="lg">
              <Skeleton height={18} width="50%" mb="sm" />
              <Skeleton height={14} width="80%" mb="xs" />
              <Skeleton height={14} width="70%" />
            </Paper>
          ))}
        </SimpleGrid>
      ) : (
        <>
          <Paper withBorder radius="md" p="md" component="section" aria-label={t("gateway.yourPlan")}>
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Stack gap={4}>
                <Text size="sm" c="dimmed">
                  {t("gateway.yourPlan")}
                </Text>
                <Group gap="xs">
                  <Text fw={800} data-testid="current-plan">
                    {currentName(current.planCode)}
                  </Text>
                  {current.onTrial && <Badge color="indigo">{t("gateway.onTrial")}</Badge>}
                  {enableRef.data?.isVip && <Badge color="yellow">{t("gateway.vip")}</Badge>}
                </Group>
                {enableRef.data && (
                  <Text size="sm" c="dimmed">
                    {enableRef.data.enableRef ? t("gateway.refOn") : t("gateway.refOff")}
                  </Text>
                )}
              </Stack>
              {mayChange && (current.onTrial || (plans.data.find((plan) => plan.code === current.planCode)?.price ?? 0) > 0) && (
                <Button variant="default" color="red" onClick={() => setAsked("cancel")}>
                  {t("gateway.cancelPlan")}
                </Button>
              )}
            </Group>
          </Paper>
          {!mayChange && user.data && <Alert color="gray">{t("gateway.ownerOnly")}</Alert>}
          {(choose.isError || cancel.isError) && <Alert color="red">{errorText(choose.error ?? cancel.error)}</Alert>}
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
            {plans.data.map((plan) => (
              <PlanCard key={plan.code} plan={plan} subscription={current} mayChange={mayChange} onChoose={setAsked} />
            ))}
          </SimpleGrid>
        </>
      )}
      <ConfirmDialog
        opened={asked !== null}
        title={asked === "cancel" ? t("gateway.cancelTitle") : t("gateway.chooseTitle")}
        question={
          askedPlan
            ? t("gateway.chooseQuestion", {
                name: currentName(askedPlan.code),
                price: askedPlan.price > 0 ? moneyWithCode(askedPlan.price, { currencySign: null, currencyCode: askedPlan.currency }) : t("gateway.free"),
              })
            : t("gateway.cancelQuestion")
        }
        confirmLabel={asked === "cancel" ? t("gateway.cancelPlan") : t("gateway.confirmChoose")}
        onCancel={() => setAsked(null)}
        onConfirm={confirm}
      />
    </Stack>
  );
}
