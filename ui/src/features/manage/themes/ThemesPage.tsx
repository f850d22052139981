// Themes (website.settings.themes): the store's themes, the active one first, each with its
// family, version and last change; Customize opens the theme editor, and the row's menu
// activates, clones or deletes it (delete behind a confirmation; the active theme cannot be
// deleted, which the server refuses too).
import { ActionIcon, Badge, Button, Group, Menu, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconDots } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { routePath } from "../../../core";
import type { Theme } from "../../../types/generated/Theme";
import { ConfirmDialog } from "../ConfirmDialog";
import { type Column, ListPage, useListParams } from "../ListPage";
import { formatDateTime } from "../format";
import { useActivateTheme, useCloneTheme, useDeleteTheme, useThemes } from "./api";
import { notifyError } from "../../../lib/events";

/** The theme editor's address for a theme, from the core's route table. */
function editorPath(theme: Theme): string {
  const path = routePath("website.themes.editor") ?? "/online-store/themes/:themeId/editor";
  return path.replace(":themeId", encodeURIComponent(theme.id));
}

export function ThemesPage() {
  const { t, i18n } = useTranslation();
  const list = useListParams();
  const query = useThemes();
  const activate = useActivateTheme();
  const clone = useCloneTheme();
  const remove = useDeleteTheme();
  const [deleting, setDeleting] = useState<Theme | null>(null);
  const say = (error: unknown) => notifyError(error);

  const columns: Column<Theme>[] = [
    {
      key: "name",
      header: t("themes.name"),
      render: (theme) => (
        <Group gap="xs">
          <Text fw={600}>{theme.name}</Text>
          {theme.isActive ? (
            <Badge variant="light" color="green">
              {t("themes.active")}
            </Badge>
          ) : (
            <Badge variant="light" color="gray">
              {t("themes.inactive")}
            </Badge>
          )}
        </Group>
      ),
    },
    { key: "family", header: t("themes.family"), render: (theme) => <Text tt="capitalize">{theme.family}</Text> },
    { key: "version", header: t("themes.version"), align: "right", render: (theme) => String(theme.version) },
    { key: "updated", header: t("themes.updated"), render: (theme) => formatDateTime(Number(theme.updatedAt), i18n.language) },
    {
      key: "actions",
      header: "",
      align: "right",
      render: (theme) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button component={Link} to={editorPath(theme)} variant="default" size="xs" aria-label={t("themes.customizeTheme", { name: theme.name })}>
            {t("themes.customize")}
          </Button>
          <Menu position="bottom-end">
            <Menu.Target>
              <ActionIcon variant="subtle" aria-label={t("themes.actions", { name: theme.name })}>
                <IconDots size={16} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                disabled={theme.isActive}
                onClick={() =>
                  activate.mutate(theme.id, {
                    onSuccess: () => notifications.show({ color: "green", message: t("themes.activated", { name: theme.name }) }),
                    onError: say,
                  })
                }
              >
                {t("themes.activate")}
              </Menu.Item>
              <Menu.Item
                onClick={() =>
                  clone.mutate(theme.id, {
                    onSuccess: (made) => notifications.show({ color: "green", message: t("themes.cloned", { name: made.name }) }),
                    onError: say,
                  })
                }
              >
                {t("themes.clone")}
              </Menu.Item>
              <Menu.Item color="red" disabled={theme.isActive} onClick={() => setDeleting(theme)}>
                {t("themes.delete")}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      ),
    },
  ];

  return (
    <>
      <ListPage
        title={t("themes.title")}
        query={query}
        columns={columns}
        rowKey={(theme) => theme.id}
        pageSize={Math.max(query.data?.total ?? 1, 1)}
        list={list}
        empty={{ title: t("themes.none") }}
      />
      <ConfirmDialog
        opened={deleting !== null}
        question={t("themes.deleteQuestion", { name: deleting?.name ?? "" })}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const theme = deleting;
          setDeleting(null);
          if (theme)
            remove.mutate(theme.id, {
              onSuccess: () => notifications.show({ color: "green", message: t("themes.deleted", { name: theme.name }) }),
              onError: say,
            });
        }}
      />
    </>
  );
}
