// Navigation (website.menus): the store's menus with their item counts; a row opens the menu.
import { Anchor, Button, Text } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import type { NavigationMenu } from "../../../types/generated/NavigationMenu";
import { type Column, ListPage, useListParams } from "../../../components/records/ListPage";
import { menus } from "../api/menus";

export const MENUS_BASE = "/online-store/navigation";

export function MenusPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useListParams();
  const query = menus.useList({});
  const open = (menu: NavigationMenu) => `${MENUS_BASE}/${menu.id}`;
  const columns: Column<NavigationMenu>[] = [
    {
      key: "title",
      header: t("menus.menu"),
      render: (menu) => (
        <Anchor component={Link} to={open(menu)} fw={600} onClick={(event) => event.stopPropagation()}>
          {menu.title}
        </Anchor>
      ),
    },
    { key: "handle", header: t("products.fields.handle"), render: (menu) => <Text size="sm">{menu.handle}</Text> },
    {
      key: "items",
      header: t("menus.items"),
      render: (menu) => (
        <Text size="sm" c="dimmed" lineClamp={1}>
          {menu.items.map((item) => item.title).join(", ")}
        </Text>
      ),
    },
  ];
  const count = query.data?.total ?? 0;
  return (
    <ListPage
      title={t("menus.title")}
      actions={
        <Button component={Link} to={`${MENUS_BASE}/create`} leftSection={<IconPlus size={16} />}>
          {t("menus.add")}
        </Button>
      }
      query={query}
      columns={columns}
      rowKey={(menu) => menu.id}
      onOpen={(menu) => void navigate(open(menu))}
      pageSize={Math.max(count, 1)}
      list={list}
      empty={{ title: t("menus.none"), body: t("menus.noneBody") }}
    />
  );
}
