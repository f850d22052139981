// The drawer's menu, as the core draws it for this user and store (shell.md §2, §6). Each item
// is a real link (open in a new tab, copy its address); one the user lacks permission for
// leads to no-access. The highlighted item is the one whose path the address is most
// specifically under.
import { ActionIcon, Box, Group, NavLink, ScrollArea, Skeleton, Stack, Tooltip } from "@mantine/core";
import {
  IconApps,
  IconBuildingStore,
  IconChartBar,
  IconDiscount,
  IconExternalLink,
  IconLock,
  IconHome,
  IconLayoutDashboard,
  IconPackage,
  IconReceipt,
  IconRocket,
  IconSend,
  IconSettings,
  IconShoppingCart,
  IconTarget,
  IconUsers,
} from "@tabler/icons-react";
import { type ComponentType, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import type { Menu } from "../../../core";
import { translateCore } from "../../../i18n";
import type { MenuEntry } from "../../../types/generated/MenuEntry";
import { activeEntryKey } from "../utils/activeEntry";

const ICONS: Record<string, ComponentType<{ size?: number; stroke?: number }>> = {
  dashboard: IconLayoutDashboard,
  orders: IconShoppingCart,
  products: IconPackage,
  analytics: IconChartBar,
  pixel: IconTarget,
  discounts: IconDiscount,
  customer: IconUsers,
  apps: IconApps,
  boostUpsell: IconRocket,
  settings: IconSettings,
  telegram: IconSend,
  salesChannel: IconReceipt,
  onlineStore: IconBuildingStore,
};

function label(entry: MenuEntry) {
  return translateCore(`menu.${entry.key}`, entry.label);
}

export function NavMenu({ menu, mini, storeUrl, onNavigate }: { menu: Menu; mini: boolean; storeUrl: string | null; onNavigate: () => void }) {
  const { t } = useTranslation();
  const location = useLocation();
  const activeKey = activeEntryKey(menu.entries, location.pathname);

  /** An entry the user may not open: a lock, and which permission to ask the owner for (it
   * still leads to no-access, as the spec says). */
  const locked = (entry: MenuEntry) =>
    entry.allowed
      ? {}
      : {
          rightSection: <IconLock size={14} aria-label={t("shell.locked")} />,
          description: entry.roleKey ? t("shell.askOwner", { scope: translateCore(`scope.${entry.roleKey}`, entry.roleLabel ?? entry.roleKey) }) : undefined,
        };
  /** Where an entry leads: its screen, or no-access when the user may not open it. */
  const target = (entry: MenuEntry) => (entry.allowed && entry.path ? entry.path : "/no-access");
  const linkProps = (entry: MenuEntry) => ({ component: Link, to: target(entry), onClick: onNavigate });

  const active = (entry: MenuEntry) => entry.key === activeKey;
  // Which groups the user opened or closed; a group holding the current screen starts open.
  const [opened, setOpened] = useState<Record<string, boolean>>({});

  return (
    <ScrollArea component="nav" aria-label={t("shell.menu")} style={{ flex: 1 }}>
      {menu.entries.map((entry) => {
        const Icon = ICONS[entry.key] ?? IconHome;
        const icon = <Icon size={20} stroke={1.6} />;
        if (mini) {
          return (
            <Tooltip key={entry.key} label={entry.allowed ? label(entry) : `${label(entry)} · ${t("shell.lockedGroup")}`} position="right">
              <NavLink
                {...linkProps(entry.items.find((item) => item.allowed) ?? entry.items[0] ?? entry)}
                aria-label={label(entry)}
                leftSection={icon}
                active={active(entry) || entry.items.some(active)}
                style={{ justifyContent: "center" }}
              />
            </Tooltip>
          );
        }
        if (entry.items.length === 0) {
          return <NavLink key={entry.key} {...linkProps(entry)} {...locked(entry)} label={label(entry)} leftSection={icon} active={active(entry)} />;
        }
        const opensStore = entry.opensStore && storeUrl;
        const group = (
          <NavLink
            key={entry.key}
            // A group opens its items: a button, not a link without an address.
            component="button"
            label={label(entry)}
            leftSection={icon}
            // A group none of whose items the user may open: its lock shows before it opens.
            description={entry.allowed ? undefined : t("shell.lockedGroup")}
            opened={opened[entry.key] ?? entry.items.some(active)}
            onChange={(open) => setOpened((was) => ({ ...was, [entry.key]: open }))}
            aria-expanded={opened[entry.key] ?? entry.items.some(active)}
            // Room for the store's link, which sits over the row (a link inside a button is not
            // allowed).
            styles={opensStore ? { label: { paddingRight: 32 } } : undefined}
          >
            {entry.items.map((item) => (
              <NavLink key={item.key} {...linkProps(item)} {...locked(item)} label={label(item)} active={active(item)} />
            ))}
          </NavLink>
        );
        if (!opensStore) return group;
        return (
          <Box key={entry.key} pos="relative">
            {group}
            <Tooltip label={t("shell.openStore")}>
              <ActionIcon
                component="a"
                href={storeUrl}
                target="_blank"
                rel="noopener"
                variant="subtle"
                size="sm"
                aria-label={t("shell.openStore")}
                pos="absolute"
                top={10}
                right={34}
              >
                <IconExternalLink size={16} />
              </ActionIcon>
            </Tooltip>
          </Box>
        );
      })}
    </ScrollArea>
  );
}

/** The drawer while the user's scopes and the menu variant load: rows the size of menu items. */
export function NavMenuSkeleton({ mini }: { mini: boolean }) {
  return (
    <Stack gap={0} style={{ flex: 1 }} aria-busy="true" data-testid="menu-skeleton">
      {Array.from({ length: 9 }, (_, index) => (
        <Group key={index} h={38} px={12} gap={12} wrap="nowrap">
          <Skeleton height={20} width={20} radius="sm" />
          {!mini && <Skeleton height={12} width={`${50 + ((index * 17) % 35)}%`} />}
        </Group>
      ))}
    </Stack>
  );
}
