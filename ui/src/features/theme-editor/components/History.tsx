// The versions panel (saved versions with who and when; look at one in the preview; restore it
// as a new version, after a confirmation) and the conflicts dialog (both values of a path another save changed, and
// the choice between them; nothing is dropped until the user chooses).
import { Alert, Button, Code, Drawer, Group, Loader, Modal, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { errorText } from "../../../lib/errors";
import { fetchVersion, fetchVersions, restoreVersion } from "../api/calls";
import type { SessionSnapshot } from "../store/session";
import { useEditor } from "./context";
import { errorMessage, fieldLabel } from "./labels";
import { sectionTypeLabel } from "./sectionNames";
import type { VersionChange } from "../../../types/generated/VersionChange";
import { useFormats } from "../../../hooks/useFormats";

/** The settings groups' names by the config's key (`cart_goal` is the Cart Goal panel). */
const GROUP_KEYS: Record<string, string> = { cart_goal: "cartGoal", thankpage: "thankYou", category: "collection" };
/** At most this many changes are named; the rest are counted. */
const CHANGES_SHOWN = 4;

/** What a version changed, in the user's language: "Edited Slideshow: Heading color; Moved
 * Featured collection". */
function changesText(t: TFunction, changes: VersionChange[]): string {
  const words = changes.slice(0, CHANGES_SHOWN).map((change) => {
    const place = change.sectionType
      ? sectionTypeLabel(t, change.sectionType)
      : change.group
        ? t(`editor.groups.${GROUP_KEYS[change.group] ?? change.group}`, { defaultValue: change.group })
        : "";
    const field = change.field ? fieldLabel(t, change.field) : null;
    return field ? t(`editor.versions.change.${change.action}Field`, { place, field }) : t(`editor.versions.change.${change.action}`, { place });
  });
  const more = changes.length - CHANGES_SHOWN;
  return more > 0 ? `${words.join("; ")}; ${t("editor.versions.change.more", { count: more })}` : words.join("; ");
}

export function VersionsDrawer({
  themeId,
  opened,
  onClose,
  snapshot,
  onPreview,
}: {
  themeId: string;
  opened: boolean;
  onClose: () => void;
  snapshot: SessionSnapshot;
  onPreview: (version: { number: number; configJson: string } | null) => void;
}) {
  const { t } = useTranslation();
  const formats = useFormats();
  const { session } = useEditor();
  const versions = useQuery({
    queryKey: ["editor", "versions", themeId, snapshot.baseVersion],
    queryFn: ({ signal }) => fetchVersions(themeId, signal),
    enabled: opened,
  });
  const [busy, setBusy] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [asking, setAsking] = useState<number | null>(null);
  const look = async (version: number) => {
    setBusy(version);
    setProblem(null);
    try {
      const detail = await fetchVersion(themeId, version);
      onPreview({ number: version, configJson: JSON.stringify(detail.config) });
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setBusy(null);
    }
  };
  const restore = async (version: number) => {
    setBusy(version);
    setProblem(null);
    try {
      await restoreVersion(themeId, version, snapshot.baseVersion);
      await session.reload();
      onPreview(null);
      void versions.refetch();
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Drawer opened={opened} onClose={onClose} title={t("editor.versions.title")} position="right" size="md">
      <Stack gap="xs">
        {snapshot.pending > 0 ? <Alert color="yellow">{t("editor.versions.saveFirst")}</Alert> : null}
        {problem ? (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        ) : null}
        {versions.isPending ? <Loader size="sm" /> : null}
        {versions.isError ? <Alert color="red">{errorText(versions.error)}</Alert> : null}
        {versions.data?.length === 0 ? <Text c="dimmed">{t("editor.versions.none")}</Text> : null}
        {versions.data?.map((v) => (
          <Stack key={String(v.version)} gap={2} p="xs" style={{ border: "1px solid var(--mantine-color-gray-3)", borderRadius: 6 }} data-testid="version-row">
            <Group justify="space-between">
              <Text fw={600}>{t("editor.versions.version", { n: Number(v.version) })}</Text>
              {Number(v.version) === snapshot.baseVersion ? (
                <Text size="xs" c="green">
                  {t("editor.versions.current")}
                </Text>
              ) : null}
            </Group>
            <Text size="sm">
              {t("editor.versions.by", {
                name: v.savedByName ?? t("editor.versions.system"),
                when: formats.date(Number(v.savedAt)),
              })}
            </Text>
            {v.authors.length > 0 ? (
              <Text size="xs" data-testid="version-authors">
                {t("editor.versions.authors", { names: v.authors.join(", ") })}
              </Text>
            ) : null}
            <Text size="xs" c="dimmed">
              {v.changes.length > 0 ? changesText(t, v.changes) : v.summary}
            </Text>
            <Group gap="xs">
              <Button size="compact-xs" variant="default" loading={busy === Number(v.version)} onClick={() => void look(Number(v.version))}>
                {t("editor.versions.preview")}
              </Button>
              <Button
                size="compact-xs"
                variant="light"
                disabled={snapshot.pending > 0 || Number(v.version) === snapshot.baseVersion}
                onClick={() => setAsking(Number(v.version))}
              >
                {t("editor.versions.restore")}
              </Button>
            </Group>
          </Stack>
        ))}
      </Stack>
      <Modal
        opened={asking !== null}
        onClose={() => setAsking(null)}
        title={t("library.editor.restoreTitle", { n: asking ?? 0 })}
        closeButtonProps={{ "aria-label": t("shell.close") }}
      >
        <Stack gap="md">
          <Text>{t("library.editor.restoreQuestion", { n: asking ?? 0 })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(null)}>
              {t("manage.cancel")}
            </Button>
            <Button
              data-autofocus
              onClick={() => {
                const version = asking;
                setAsking(null);
                if (version !== null) void restore(version);
              }}
            >
              {t("editor.versions.restore")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Drawer>
  );
}

function show(value: unknown): string {
  if (value === undefined) return "—";
  return JSON.stringify(value, null, 2);
}

export function ConflictsDialog({ snapshot }: { snapshot: SessionSnapshot }) {
  const { t } = useTranslation();
  const { session } = useEditor();
  const [problem, setProblem] = useState<string | null>(null);
  const conflict = snapshot.conflicts[0];
  return (
    <Modal opened={Boolean(conflict)} onClose={() => undefined} withCloseButton={false} title={t("editor.conflict.title")} size="lg">
      {conflict ? (
        <Stack gap="sm">
          <Text size="sm">{t("editor.conflict.explain", { count: snapshot.conflicts.length })}</Text>
          <Code>{conflict.paths.join(", ")}</Code>
          <Group grow align="flex-start">
            <Stack gap={4}>
              <Text fw={600} size="sm">
                {t("editor.conflict.mine")}
              </Text>
              <Code block data-testid="conflict-mine">
                {show(conflict.mine)}
              </Code>
            </Stack>
            <Stack gap={4}>
              <Text fw={600} size="sm">
                {t("editor.conflict.theirs")}
              </Text>
              <Code block data-testid="conflict-theirs">
                {show(conflict.theirs)}
              </Code>
            </Stack>
          </Group>
          {problem ? (
            <Text c="red" size="sm" role="alert">
              {problem}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => session.resolveConflict(0, "theirs")}>
              {t("editor.conflict.keepTheirs")}
            </Button>
            <Button
              onClick={() => {
                const outcome = session.resolveConflict(0, "mine");
                setProblem(outcome?.outcome === "rejected" ? errorMessage(t, outcome.error) : null);
              }}
            >
              {t("editor.conflict.keepMine")}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
