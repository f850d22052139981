// Themes (website.settings.themes): the store's themes, the active one first, each with its
// family, version and last change; Customize opens the theme editor, and the row's menu
// previews (a signed storefront link in a new tab), renames, shows the theme's pages,
// activates (after asking: it publishes at once), clones or deletes it (delete behind a confirmation; the active theme cannot be
// deleted, which the server refuses too). Add theme makes one from the template library.
import { ActionIcon, Badge, Button, Group, Menu, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconDots, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ViewStoreButton } from "../../../components/ViewStoreButton";
import { routePath } from "../../../core";
import type { Theme } from "../../../types/generated/Theme";
import { ConfirmDialog } from "../../../components/records/ConfirmDialog";
import { type Column, ListPage, useListParams } from "../../../components/records/ListPage";
import { PlanLimitNotice } from "../../../components/PlanLimitNotice";
import { notifyError } from "../../../lib/events";
import { useFormats } from "../../../hooks/useFormats";
import { AddThemeDialog, RenameThemeDialog } from "./ThemeDialogs";
import { ThemePagesDrawer } from "./ThemePages";
import { previewLink, useCloneTheme, useDeleteTheme, usePublishTheme, useThemes } from "../api/themes";

/** The theme editor's address for a theme, from the core's route table. */
function editorPath(theme: Theme): string {
  const path = routePath("website.themes.editor") ?? "/online-store/themes/:themeId/editor";
  return path.replace(":themeId", encodeURIComponent(theme.id));
}

export function ThemesPage() {
  const formats = useFormats();
  const { t } = useTranslation();
  const list = useListParams();
  const query = useThemes();
  const activate = usePublishTheme();
  const clone = useCloneTheme();
  const remove = useDeleteTheme();
  const [deleting, setDeleting] = useState<Theme | null>(null);
  const [activating, setActivating] = useState<Theme | null>(null);
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<Theme | null>(null);
  const [paging, setPaging] = useState<Theme | null>(null);
  const preview = async (theme: Theme) => {
    // The tab opens at once (a popup opened after an await is blocked), then gets its address.
    const tab = window.open("", "_blank");
    try {
      const link = await previewLink(theme.id);
      if (tab) tab.location.href = link.url;
      else window.location.assign(link.url);
    } catch (error) {
      tab?.close();
      say(error);
    }
  };
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
    { key: "updated", header: t("themes.updated"), render: (theme) => formats.date(Number(theme.updatedAt)) },
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
              <Menu.Item onClick={() => void preview(theme)}>{t("library.themes.preview")}</Menu.Item>
              <Menu.Item onClick={() => setRenaming(theme)}>{t("library.themes.rename")}</Menu.Item>
              <Menu.Item onClick={() => setPaging(theme)}>{t("library.themes.pages")}</Menu.Item>
              <Menu.Item disabled={theme.isActive} onClick={() => setActivating(theme)}>
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
        actions={
          <Group gap="xs">
            <ViewStoreButton />
            <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
              {t("library.themes.add")}
            </Button>
          </Group>
        }
        intro={<PlanLimitNotice what="themes" />}
        query={query}
        columns={columns}
        rowKey={(theme) => theme.id}
        pageSize={Math.max(query.data?.total ?? 1, 1)}
        list={list}
        empty={{ title: t("themes.none") }}
      />
      <AddThemeDialog opened={adding} onClose={() => setAdding(false)} />
      <RenameThemeDialog theme={renaming} onClose={() => setRenaming(null)} />
      <ThemePagesDrawer theme={paging} themes={query.data?.rows ?? []} onClose={() => setPaging(null)} />
      <ConfirmDialog
        opened={activating !== null}
        title={t("themes.activateTitle")}
        question={t("themes.activateQuestion", { name: activating?.name ?? "" })}
        confirmLabel={t("themes.activate")}
        onCancel={() => setActivating(null)}
        onConfirm={() => {
          const theme = activating;
          setActivating(null);
          if (theme)
            activate.mutate(theme, {
              onSuccess: () => notifications.show({ color: "green", message: t("themes.activated", { name: theme.name }) }),
              onError: say,
            });
        }}
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
