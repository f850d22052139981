// The Themes screen's dialogs: Add theme (the template library: choose a template, name the
// theme, and it is made unpublished) and Rename. Names are checked by the core's title rule
// before they are sent; the server checks the same.
import { Alert, Badge, Button, Group, Loader, Modal, Radio, Stack, Text, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { DialogMotion, dialogTransition } from "../../../components/Motion";
import { checkTitle } from "../../../core/catalog";
import { errorText } from "../../../lib/errors";
import type { Theme } from "../../../types/generated/Theme";
import { useAddFromTemplate, useRenameTheme, useTemplates } from "../api/themes";

/** The family's name as the editor shows it (hydro is DEFAULT, newchick FASHION). */
function familyLabel(t: (key: string) => string, family: string): string {
  return family === "newchick" ? t("library.themes.fashion") : t("library.themes.default");
}

export function AddThemeDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const templates = useTemplates(opened);
  const add = useAddFromTemplate();
  const [chosen, setChosen] = useState<string | null>(null);
  const [name, setName] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const template = templates.data?.find((candidate) => candidate.id === chosen) ?? templates.data?.[0];
  const finalName = name.trim() === "" ? (template?.name ?? "") : name;
  const close = () => {
    setChosen(null);
    setName("");
    setProblem(null);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!template) return;
    const wrong = checkTitle("A theme's name", finalName);
    if (wrong) return setProblem(wrong);
    add.mutate(
      { template: template.id, name: finalName },
      {
        onSuccess: (made) => {
          notifications.show({ color: "green", message: t("library.themes.added", { name: made.name }) });
          close();
        },
        onError: (error) => setProblem(errorText(error)),
      },
    );
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t("library.themes.addTitle")}
      transitionProps={dialogTransition}
      closeButtonProps={{ "aria-label": t("shell.close") }}
    >
      <DialogMotion>
        <form onSubmit={submit}>
          <Stack gap="md">
            {templates.isPending ? <Loader size="sm" aria-label={t("library.loading")} /> : null}
            {templates.isError ? (
              <Alert color="red" role="alert">
                {errorText(templates.error)}{" "}
                <Button variant="subtle" size="compact-xs" onClick={() => void templates.refetch()}>
                  {t("library.retry")}
                </Button>
              </Alert>
            ) : null}
            {templates.data ? (
              <Radio.Group label={t("library.themes.template")} value={template?.id ?? null} onChange={setChosen}>
                <Stack gap="xs" mt="xs">
                  {templates.data.map((candidate) => (
                    <Radio.Card key={candidate.id} value={candidate.id} p="sm" radius="md" withBorder>
                      <Group wrap="nowrap" align="flex-start" gap="sm">
                        <Radio.Indicator />
                        <Stack gap={2} style={{ minWidth: 0 }}>
                          <Group gap="xs">
                            <Text fw={600}>{candidate.name}</Text>
                            <Badge variant="light" size="sm">
                              {familyLabel(t, candidate.family)}
                            </Badge>
                          </Group>
                          <Text size="sm" c="dimmed">
                            {candidate.description}
                          </Text>
                        </Stack>
                      </Group>
                    </Radio.Card>
                  ))}
                </Stack>
              </Radio.Group>
            ) : null}
            <TextInput
              label={t("library.themes.name")}
              placeholder={template?.name}
              value={name}
              onChange={(event) => {
                setName(event.currentTarget.value);
                setProblem(null);
              }}
              error={problem}
            />
            <Text size="sm" c="dimmed">
              {t("library.themes.addHint")}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t("manage.cancel")}
              </Button>
              <Button type="submit" loading={add.isPending} disabled={!template}>
                {t("library.themes.add")}
              </Button>
            </Group>
          </Stack>
        </form>
      </DialogMotion>
    </Modal>
  );
}

export function RenameThemeDialog({ theme, onClose }: { theme: Theme | null; onClose: () => void }) {
  const { t } = useTranslation();
  const rename = useRenameTheme();
  const [name, setName] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const value = name ?? theme?.name ?? "";
  const close = () => {
    setName(null);
    setProblem(null);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!theme) return;
    const wrong = checkTitle("A theme's name", value);
    if (wrong) return setProblem(wrong);
    rename.mutate(
      { id: theme.id, name: value },
      {
        onSuccess: (renamed) => {
          notifications.show({ color: "green", message: t("library.themes.renamed", { name: renamed.name }) });
          close();
        },
        onError: (error) => setProblem(errorText(error)),
      },
    );
  };
  return (
    <Modal
      opened={theme !== null}
      onClose={close}
      title={t("library.themes.renameTitle", { name: theme?.name ?? "" })}
      transitionProps={dialogTransition}
      closeButtonProps={{ "aria-label": t("shell.close") }}
    >
      <DialogMotion>
        <form onSubmit={submit}>
          <Stack gap="md">
            <TextInput
              label={t("library.themes.name")}
              data-autofocus
              value={value}
              onChange={(event) => {
                setName(event.currentTarget.value);
                setProblem(null);
              }}
              error={problem}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t("manage.cancel")}
              </Button>
              <Button type="submit" loading={rename.isPending}>
                {t("library.themes.rename")}
              </Button>
            </Group>
          </Stack>
        </form>
      </DialogMotion>
    </Modal>
  );
}
