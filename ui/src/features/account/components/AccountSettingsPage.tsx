// Account (website.settings.account): who is signed in (with a link to the profile), the
// store's plan and trial from GET /stores/subscription/current (the trial banner's "Select a
// plan" leads to its plan page, shell.md §2), and the store's name and addresses.
import { Alert, Anchor, Avatar, Badge, Button, Grid, Group, Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { fullName } from "../../../core";
import { useStoreStatus, useUserInfo } from "../../../hooks/useStoreData";
import { errorText } from "../../../lib/errors";
import { useSession } from "../../../app/session";
import { Section } from "../../../components/records/DetailPage";
import { useSubscription } from "../../../hooks/useSubscription";
import { daysLeft } from "../utils/checks";
import { useFormats } from "../../../hooks/useFormats";
import { PAGE_WIDTH } from "../../../components/widths";

/** A plan code without a translation, readable: `PLAN_PRO_YEARLY` as "Pro yearly". */
function planName(code: string): string {
  const words = code
    .replace(/^PLAN[_-]/i, "")
    .split(/[_\-\s.]+/)
    .filter(Boolean);
  const text = words.join(" ").toLowerCase();
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : code;
}

/** A card's content once its call has answered: a skeleton before, the error after a failure. */
function Loaded<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  const { t } = useTranslation();
  if (query.isError)
    return (
      <Alert color="red" title={t("account.loadFailed")}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorText(query.error)}</Text>
          <Button size="xs" variant="light" onClick={() => void query.refetch()}>
            {t("account.retry")}
          </Button>
        </Stack>
      </Alert>
    );
  if (query.data === undefined)
    return (
      <Stack gap="xs" aria-busy="true">
        <Skeleton height={16} width="60%" />
        <Skeleton height={16} width="40%" />
      </Stack>
    );
  return <>{children(query.data)}</>;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" wrap="wrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} component="div" style={{ overflowWrap: "anywhere" }}>
        {children}
      </Text>
    </Group>
  );
}

export function AccountSettingsPage() {
  const formats = useFormats();
  const { t } = useTranslation();
  const user = useUserInfo();
  const store = useStoreStatus();
  const subscription = useSubscription();
  const rDomain = useSession((state) => state.rDomain);
  const storeDomain = useSession((state) => state.storeDomain);
  const [now] = useState(Date.now);

  return (
    <Stack gap="md" maw={PAGE_WIDTH.form} mx="auto">
      <Anchor component={Link} to="/settings" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          {t("account.hub.back")}
        </Group>
      </Anchor>
      <Title order={1} fz="h2">
        {t("account.overview.title")}
      </Title>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <Section title={t("account.overview.plan")}>
              <Loaded query={subscription}>
                {(plan) => (
                  <Stack gap="sm">
                    <Group gap="xs">
                      <Text fz="xl" fw={800}>
                        {t(`account.plans.${plan.planCode}`, { defaultValue: planName(plan.planCode) })}
                      </Text>
                      {plan.rank && (
                        <Badge variant="light" color="yellow">
                          {t(`account.ranks.${plan.rank}`, { defaultValue: plan.rank })}
                        </Badge>
                      )}
                      {plan.onTrial && <Badge color="indigo">{t("account.overview.trialBadge")}</Badge>}
                    </Group>
                    {plan.onTrial && plan.trialEndDate ? (
                      <Alert color="indigo" variant="light" role="status" title={t("account.overview.daysLeft", { count: daysLeft(plan.trialEndDate, now) })}>
                        {t("account.overview.trialEnds", { date: formats.date(Date.parse(plan.trialEndDate), "date") })}
                      </Alert>
                    ) : plan.trialEndDate ? (
                      <Text size="sm" c="dimmed">
                        {t("account.overview.trialEnded", { date: formats.date(Date.parse(plan.trialEndDate), "date") })}
                      </Text>
                    ) : (
                      <Text size="sm" c="dimmed">
                        {t("account.overview.noTrial")}
                      </Text>
                    )}
                    <Group gap="xs">
                      <Button component={Link} to="/settings/account/plans" variant="light" size="xs">
                        {t("gateway.seePlans")}
                      </Button>
                    </Group>
                  </Stack>
                )}
              </Loaded>
            </Section>
            <Section title={t("account.overview.store")}>
              <Loaded query={store}>
                {(current) => (
                  <Stack gap="xs">
                    <Row label={t("account.overview.storeName")}>{current.name}</Row>
                    <Row label={t("account.overview.subdomain")}>{current.subdomain}</Row>
                    {storeDomain && <Row label={t("account.overview.systemDomain")}>{storeDomain}</Row>}
                    {rDomain && <Row label={t("account.overview.publicDomain")}>{rDomain}</Row>}
                    <Group gap="xs" mt="xs">
                      <Button component={Link} to="/stores" variant="default" size="xs">
                        {t("account.overview.allStores")}
                      </Button>
                    </Group>
                  </Stack>
                )}
              </Loaded>
            </Section>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder radius="md" p="lg" component="section" aria-label={t("account.overview.you")}>
            <Title order={2} fz="h4" mb="sm">
              {t("account.overview.you")}
            </Title>
            <Loaded query={user}>
              {(me) => (
                <Stack gap="sm">
                  <Group gap="sm" wrap="nowrap">
                    <Avatar size={48} radius="xl" color="indigo" src={me.profilePicture ?? null} alt="">
                      {fullName(me.firstName, me.lastName).slice(0, 1)}
                    </Avatar>
                    <div style={{ minWidth: 0 }}>
                      <Text fw={700} truncate>
                        {fullName(me.firstName, me.lastName)}
                      </Text>
                      <Text size="sm" c="dimmed" truncate>
                        {me.email}
                      </Text>
                    </div>
                  </Group>
                  <Text size="sm">
                    {me.isStoreOwner ? t("account.overview.owner") : me.isStoreAdmin ? t("account.overview.admin") : t("account.overview.staff")}
                  </Text>
                  <Button component={Link} to="/profile" variant="light">
                    {t("account.overview.editProfile")}
                  </Button>
                </Stack>
              )}
            </Loaded>
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
