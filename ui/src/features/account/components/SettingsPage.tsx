// Settings (website.settings): a card for each settings screen, shown only when the user may
// open it (the core's route table and permission rule), and the user's own pages.
import { Alert, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title, UnstyledButton } from "@mantine/core";
import {
  IconBell,
  IconBrush,
  IconBuildingStore,
  IconCash,
  IconCreditCard,
  IconPlug,
  IconShare,
  IconSettings,
  IconUser,
  IconUserCircle,
  IconUsers,
  IconWorld,
  type Icon,
} from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { mayOpen, routePath } from "../../../core";
import { useUserInfo } from "../../../hooks/useStoreData";
import { errorText } from "../../../lib/errors";
import { PAGE_WIDTH } from "../../../components/widths";

/** The cards of the hub: the route each opens, its icon, and its texts under account.hub.<key>. */
const STORE_CARDS: { key: string; route: string; icon: Icon; path?: string }[] = [
  { key: "account", route: "website.settings.account", icon: IconUserCircle },
  { key: "payout", route: "website.settings.payout", icon: IconCash },
  // A screen without a route name of its own, behind the payout route's permission.
  { key: "gateway", route: "website.settings.payout", icon: IconCreditCard, path: "/settings/payment-gateway" },
  { key: "notifications", route: "website.notification", icon: IconBell },
  { key: "themes", route: "website.settings.themes", icon: IconBrush },
  { key: "preferences", route: "website.preferences", icon: IconSettings },
  { key: "domains", route: "website.domain", icon: IconWorld },
  { key: "staff", route: "website.member", icon: IconUsers },
  { key: "salesChannel", route: "website.sales-channel", icon: IconShare },
  { key: "apps", route: "website.apps", icon: IconPlug },
];
const PERSONAL_CARDS: { key: string; route: string; icon: Icon }[] = [
  { key: "profile", route: "website.profile", icon: IconUser },
  { key: "stores", route: "website.stores", icon: IconBuildingStore },
];

function Card({ to, icon: CardIcon, title, body }: { to: string; icon: Icon; title: string; body: string }) {
  return (
    <UnstyledButton
      component={Link}
      to={to}
      p="md"
      aria-label={title}
      style={{ border: "1px solid var(--mantine-color-gray-3)", borderRadius: "var(--mantine-radius-md)", display: "flex", gap: 12 }}
    >
      <ThemeIcon variant="light" size={40} radius="md" aria-hidden>
        <CardIcon size={22} />
      </ThemeIcon>
      <div style={{ minWidth: 0 }}>
        <Text fw={700}>{title}</Text>
        <Text size="sm" c="dimmed">
          {body}
        </Text>
      </div>
    </UnstyledButton>
  );
}

function Cards({ cards, scopes }: { cards: typeof STORE_CARDS; scopes: string[] }) {
  const { t } = useTranslation();
  const open = cards.filter((card) => routePath(card.route) !== null && mayOpen(card.route, scopes));
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
      {open.map((card) => (
        <li key={card.key} style={{ display: "grid" }}>
          <Card to={card.path ?? routePath(card.route) ?? "/"} icon={card.icon} title={t(`account.hub.${card.key}`)} body={t(`account.hub.${card.key}Body`)} />
        </li>
      ))}
    </SimpleGrid>
  );
}

export function SettingsPage() {
  const { t } = useTranslation();
  const user = useUserInfo();
  return (
    <Stack gap="lg" maw={PAGE_WIDTH.list} mx="auto">
      <div>
        <Title order={1} fz="h2">
          {t("account.hub.title")}
        </Title>
        <Text c="dimmed">{t("account.hub.subtitle")}</Text>
      </div>
      {user.isError ? (
        <Alert color="red" title={t("account.loadFailed")}>
          {errorText(user.error)}
        </Alert>
      ) : user.data ? (
        <>
          <section aria-labelledby="settings-store">
            <Title order={2} fz="h4" mb="sm" id="settings-store">
              {t("account.hub.store")}
            </Title>
            <Cards cards={STORE_CARDS} scopes={user.data.scopes} />
          </section>
          <section aria-labelledby="settings-personal">
            <Title order={2} fz="h4" mb="sm" id="settings-personal">
              {t("account.hub.personal")}
            </Title>
            <Cards cards={PERSONAL_CARDS} scopes={user.data.scopes} />
          </section>
        </>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy="true">
          {[0, 1, 2, 3, 4, 5].map((key) => (
            <Paper key={key} withBorder radius="md" p="md">
              <Skeleton height={14} width="50%" mb="xs" />
              <Skeleton height={12} width="80%" />
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
