// The admin frame (shell.md §2): a left drawer of 280 px that collapses to a 76 px mini variant
// and is closed by default at 768 px wide or narrower, and a top bar. Widths and the breakpoint
// come from the core. It also keeps the session honest (shell.md §4, §6): no scopes logs out, a
// disabled store goes to policy-violation, and the whole check re-runs every 23 hours.
// On mobile the drawer slides over the page (framer-motion); pages fade in as the path changes.
// Until the shell's own data is in, the page area shows a skeleton, so nothing jumps when the
// notices arrive.
import { ActionIcon, AppShell, Avatar, Badge, Burger, Group, Menu, Text, Tooltip } from "@mantine/core";
import { useDisclosure, useMediaQuery } from "@mantine/hooks";
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { AnimatePresence, m } from "framer-motion";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { LanguageSwitch } from "../../../components/LanguageSwitch";
import { PageTransition, useFade, useSlideIn } from "../../../components/Motion";
import { PageSkeleton } from "../../../components/Skeletons";
import { fullName, menu, pageTitle, shellConstants } from "../../../core";
import { usePublicConfig, useStoreStatus, useStoreUrl, useUserInfo } from "../../../hooks/useStoreData";
import { api } from "../../../lib/api";
import { useSession } from "../../../app/session";
import { useSubscription } from "../../../hooks/useSubscription";
import { useBalance, useStoreProxies } from "../api/useShellCalls";
import { useSessionRecheck } from "../hooks/useSessionRecheck";
import { useUserInfoRecovery } from "../hooks/useUserInfoRecovery";
import { NavMenu, NavMenuSkeleton } from "./NavMenu";
import { NotificationBell } from "./NotificationBell";
import { Notices } from "./Notices";
import { OnboardingPopup } from "./OnboardingPopup";
import { useFormats } from "../../../hooks/useFormats";

export function AdminLayout({ children }: { children: ReactNode }) {
  const formats = useFormats();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const session = useSession();
  const user = useUserInfo();
  const store = useStoreStatus();
  const config = usePublicConfig();
  const mobile = useMediaQuery(`(max-width: ${shellConstants.mobileBreakpointPx}px)`) ?? false;
  const [mobileOpened, mobileDrawer] = useDisclosure(false);
  const [mini, miniDrawer] = useDisclosure(false);
  const canSeeBalance = user.data?.scopes.includes("checkout") ?? false;
  const balance = useBalance(mobile && canSeeBalance);

  // No scopes: log out. A disabled store: policy-violation.
  useEffect(() => {
    if (user.data && user.data.scopes.length === 0) session.logout();
  }, [user.data, session]);
  useEffect(() => {
    if (store.data && !store.data.isEnabled) void navigate("/policy-violation", { replace: true });
  }, [store.data, navigate]);
  useSessionRecheck();
  useUserInfoRecovery();
  // The notices' data: the page waits for it (under a skeleton) so that a notice never pushes
  // the page down after it has drawn. A failed call counts as settled (shell.md §8).
  const subscription = useSubscription();
  const proxies = useStoreProxies();
  const shellReady = !user.isPending && !subscription.isPending && !proxies.isPending;
  const slideIn = useSlideIn(shellConstants.drawerWidthPx);
  const fade = useFade();
  useEffect(() => {
    if (store.data) document.title = pageTitle(store.data.subdomain);
  }, [store.data]);

  const drawerMenu =
    user.data && config.data
      ? menu({
          email: user.data.email,
          scopes: user.data.scopes,
          operatorDomain: config.data.operatorEmailDomain,
          businessType: store.data?.businessType === "dropship" ? "dropship" : "other",
        })
      : null;
  const name = user.data ? fullName(user.data.firstName, user.data.lastName) : "";
  // The store's public address, as the server defines it (the storefront's path by default).
  const site = useStoreUrl();

  async function logout() {
    await api("/auth/logout", { method: "DELETE" }).catch(() => undefined);
    session.logout();
    client.clear();
    void navigate("/auth/login");
  }

  const width = mini && !mobile ? shellConstants.miniDrawerWidthPx : shellConstants.drawerWidthPx;
  const menuOrSkeleton = (compact: boolean) =>
    drawerMenu ? <NavMenu menu={drawerMenu} mini={compact} storeUrl={site} onNavigate={mobileDrawer.close} /> : <NavMenuSkeleton mini={compact} />;

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{
        width,
        breakpoint: shellConstants.mobileBreakpointPx + 1,
        // On mobile the drawer below slides over the page instead.
        collapsed: { mobile: true, desktop: false },
      }}
      padding="lg"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          {/* The store's name gives way (truncated); the balance, bell and avatar never do. */}
          <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: 1 }}>
            {mobile && <Burger opened={mobileOpened} onClick={mobileDrawer.toggle} size="sm" aria-label={t("shell.toggleMenu")} />}
            <Text fw={800} c="indigo.7" truncate>
              {session.storeName}
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
            {mobile && balance.data && (
              <Badge variant="light" size="lg" aria-label={t("shell.balance")}>
                {formats.money(balance.data.availableToPayout)}
              </Badge>
            )}
            <NotificationBell />
            <Menu position="bottom-end" width={240} shadow="md">
              <Menu.Target>
                <ActionIcon variant="subtle" size="lg" radius="xl" aria-label={t("shell.account")}>
                  <Avatar size={32} radius="xl" color="indigo" src={user.data?.profilePicture ?? null}>
                    {name.slice(0, 1)}
                  </Avatar>
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>{name}</Menu.Label>
                <Menu.Item onClick={() => void navigate("/profile")}>{t("shell.profile")}</Menu.Item>
                <Menu.Item onClick={() => void navigate("/auth/shop")}>{t("home.selectShop")}</Menu.Item>
                {site && (
                  <Menu.Item component="a" href={site} target="_blank" rel="noopener">
                    {t("shell.openSite")}
                  </Menu.Item>
                )}
                <Menu.Divider />
                <Menu.Label>{t("app.language")}</Menu.Label>
                <Group px="sm" pb="xs">
                  <LanguageSwitch />
                </Group>
                <Menu.Divider />
                <Menu.Item color="red" onClick={() => void logout()}>
                  {t("home.logout")}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
      </AppShell.Header>
      {!mobile && (
        <AppShell.Navbar p="xs" aria-label={t("shell.drawer")} data-testid="drawer">
          {menuOrSkeleton(mini)}
          <Tooltip label={mini ? t("shell.expand") : t("shell.collapse")} position="right">
            <ActionIcon variant="subtle" onClick={miniDrawer.toggle} aria-label={mini ? t("shell.expand") : t("shell.collapse")} mt="xs">
              {mini ? <IconLayoutSidebarLeftExpand size={20} /> : <IconLayoutSidebarLeftCollapse size={20} />}
            </ActionIcon>
          </Tooltip>
        </AppShell.Navbar>
      )}
      <AnimatePresence>
        {mobile && mobileOpened && (
          <>
            <m.div
              key="backdrop"
              {...fade}
              onClick={mobileDrawer.close}
              style={{ position: "fixed", inset: "56px 0 0 0", background: "rgba(0, 0, 0, 0.35)", zIndex: 190 }}
            />
            <m.nav
              key="drawer"
              {...slideIn}
              aria-label={t("shell.drawer")}
              data-testid="drawer"
              data-motion="drawer"
              onKeyDown={(event) => event.key === "Escape" && mobileDrawer.close()}
              style={{
                position: "fixed",
                top: 56,
                left: 0,
                bottom: 0,
                width: shellConstants.drawerWidthPx,
                zIndex: 200,
                background: "var(--mantine-color-body)",
                borderRight: "1px solid var(--mantine-color-gray-3)",
                padding: "var(--mantine-spacing-xs)",
                display: "flex",
                flexDirection: "column",
              }}
            >
              {menuOrSkeleton(false)}
            </m.nav>
          </>
        )}
      </AnimatePresence>
      <AppShell.Main>
        {shellReady ? (
          <>
            <Notices />
            <PageTransition>{children}</PageTransition>
          </>
        ) : (
          <PageSkeleton />
        )}
        <OnboardingPopup />
      </AppShell.Main>
    </AppShell>
  );
}
