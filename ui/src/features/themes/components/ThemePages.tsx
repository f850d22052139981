// A theme's pages (GET /stores/onlinestore/themes/{id}/pages): the pages of its config with the
// number of sections each holds, and for each one "Copy from" another theme of the same family:
// the other theme's page replaces this one (PUT .../themes/{id}/pages/{pageId} with the version
// read, behind a confirmation), so a page tried out in a copy can be brought into the live
// theme. The engine checks the result, as for every save.
import { Alert, Button, Drawer, Group, Loader, Paper, Select, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../lib/api";
import { errorText } from "../../../lib/errors";
import type { SavedConfig } from "../../../types/generated/SavedConfig";
import type { Theme } from "../../../types/generated/Theme";
import type { ThemePageList } from "../../../types/generated/ThemePageList";
import { ConfirmDialog } from "../../../components/records/ConfirmDialog";

const pagesPath = (id: string) => `/stores/onlinestore/themes/${encodeURIComponent(id)}/pages`;

function fetchPages(id: string, signal?: AbortSignal) {
  return api<ThemePageList>(pagesPath(id), { signal });
}

function sectionCount(config: unknown): number {
  const sections = (config as { sections?: unknown } | null)?.sections;
  if (Array.isArray(sections)) return sections.length;
  return sections && typeof sections === "object" ? Object.keys(sections).length : 0;
}

interface Copy {
  page: string;
  from: Theme;
}

export function ThemePagesDrawer({ theme, themes, onClose }: { theme: Theme | null; themes: Theme[]; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const pages = useQuery({
    queryKey: ["themes", "pages", theme?.id, Number(theme?.version ?? 0)],
    queryFn: ({ signal }) => fetchPages(theme?.id ?? "", signal),
    enabled: theme !== null,
  });
  const [sources, setSources] = useState<Record<string, string | null>>({});
  const [asking, setAsking] = useState<Copy | null>(null);
  const copy = useMutation({
    mutationFn: async ({ page, from }: Copy) => {
      const source = await fetchPages(from.id);
      const config = source.pages.find((candidate) => candidate.id === page)?.config;
      if (config === undefined) throw new Error(t("library.pages.missing", { name: from.name }));
      const version = pages.data?.version ?? theme?.version ?? 0;
      return api<SavedConfig>(`${pagesPath(theme?.id ?? "")}/${encodeURIComponent(page)}`, {
        method: "PUT",
        body: config,
        headers: { "If-Match": `"${String(version)}"` },
      });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ["themes"] }),
  });
  const others = themes.filter((other) => theme !== null && other.id !== theme.id && other.family === theme.family);
  const pageName = (id: string) => t(`library.pages.names.${id}`, { defaultValue: id });

  return (
    <Drawer
      opened={theme !== null}
      onClose={onClose}
      position="right"
      title={t("library.pages.title", { name: theme?.name ?? "" })}
      closeButtonProps={{ "aria-label": t("shell.close") }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t("library.pages.hint")}
        </Text>
        {pages.isPending ? <Loader size="sm" aria-label={t("library.loading")} /> : null}
        {pages.isError ? (
          <Alert color="red" role="alert">
            {errorText(pages.error)}{" "}
            <Button variant="subtle" size="compact-xs" onClick={() => void pages.refetch()}>
              {t("library.retry")}
            </Button>
          </Alert>
        ) : null}
        {pages.data?.pages.length === 0 ? <Text c="dimmed">{t("library.pages.none")}</Text> : null}
        {pages.data?.pages.map((page) => (
          <Paper key={page.id} withBorder p="sm" radius="md" data-testid="theme-page">
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap">
                <Text fw={600}>{pageName(page.id)}</Text>
                <Text size="sm" c="dimmed">
                  {t("library.pages.sections", { count: sectionCount(page.config) })}
                </Text>
              </Group>
              {others.length > 0 ? (
                <Group gap="xs" align="flex-end" wrap="wrap">
                  <Select
                    label={t("library.pages.copyFrom")}
                    aria-label={t("library.pages.copyFromPage", { page: pageName(page.id) })}
                    placeholder={t("library.pages.chooseTheme")}
                    data={others.map((other) => ({ value: other.id, label: other.name }))}
                    value={sources[page.id] ?? null}
                    onChange={(value) => setSources((old) => ({ ...old, [page.id]: value }))}
                    style={{ flex: 1, minWidth: 160 }}
                  />
                  <Button
                    variant="light"
                    disabled={!sources[page.id]}
                    loading={copy.isPending && copy.variables.page === page.id}
                    onClick={() => {
                      const from = others.find((other) => other.id === sources[page.id]);
                      if (from) setAsking({ page: page.id, from });
                    }}
                  >
                    {t("library.pages.copy")}
                  </Button>
                </Group>
              ) : null}
            </Stack>
          </Paper>
        ))}
        {pages.data && others.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("library.pages.noOthers")}
          </Text>
        ) : null}
      </Stack>
      <ConfirmDialog
        opened={asking !== null}
        title={t("library.pages.copyTitle")}
        confirmLabel={t("library.pages.copy")}
        question={t("library.pages.copyQuestion", { page: asking ? pageName(asking.page) : "", from: asking?.from.name ?? "", to: theme?.name ?? "" })}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          const job = asking;
          setAsking(null);
          if (job)
            copy.mutate(job, {
              onSuccess: () =>
                notifications.show({ color: "green", message: t("library.pages.copied", { page: pageName(job.page), name: theme?.name ?? "" }) }),
              onError: (error) => notifications.show({ color: "red", message: errorText(error) }),
            });
        }}
      />
    </Drawer>
  );
}
