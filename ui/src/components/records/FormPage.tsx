// The one form pattern: a back link, a title with Save and Delete (behind a confirmation
// dialog) beside it, where the onboarding popup in the corner never covers them; the core's
// problems or the server's messages; then the fields, whose state belongs to the screen, so
// nothing typed is lost when the core or the server refuses it. While the fields differ from
// what was loaded or saved, a save bar stays in view and leaving the page asks first.
import { Anchor, Button, Group, Paper, Skeleton, Stack, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { UnsavedChanges } from "../UnsavedChanges";
import { PAGE_WIDTH } from "../widths";
import { ConfirmDialog } from "./ConfirmDialog";
import { FormProblems } from "./FormProblems";

export function FormPage({
  back,
  title,
  loading,
  problems,
  error,
  saving,
  onSubmit,
  submitLabel,
  onDelete,
  deleting,
  deleteQuestion,
  dirty = false,
  onDiscard,
  children,
}: {
  back: { to: string; label: string };
  title: string;
  /** The record to edit is still loading: fields wait under a skeleton. */
  loading?: boolean;
  /** The core's verdict on what was typed, shown after a submit. */
  problems: string[];
  /** The server's refusal of the last save or delete. */
  error: unknown;
  saving: boolean;
  onSubmit: () => void;
  submitLabel?: string;
  onDelete?: () => void;
  deleting?: boolean;
  deleteQuestion?: string;
  /** The fields differ from what was loaded or last saved. */
  dirty?: boolean;
  /** Puts back what was loaded or last saved. */
  onDiscard?: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const formId = useId();
  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }
  return (
    <Stack gap="md" maw={PAGE_WIDTH.form} mx="auto">
      <UnsavedChanges dirty={dirty && !deleting} formId={formId} saving={saving} onDiscard={onDiscard} submitLabel={submitLabel} />
      <Anchor component={Link} to={back.to} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          {back.label}
        </Group>
      </Anchor>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} fz="h2">
          {title}
        </Title>
        <Group gap="xs">
          {onDelete && (
            <Button variant="subtle" color="red" onClick={() => setConfirming(true)} disabled={loading} loading={deleting}>
              {t("manage.delete")}
            </Button>
          )}
          {/* While there are unsaved changes, Save is the save bar's. */}
          {!(dirty && !deleting) && (
            <Button type="submit" form={formId} loading={saving} disabled={loading}>
              {submitLabel ?? t("manage.save")}
            </Button>
          )}
        </Group>
      </Group>
      <FormProblems problems={problems} saveError={error} />
      <Paper withBorder radius="md" p="lg" component="form" id={formId} onSubmit={submit} noValidate aria-busy={loading}>
        {loading ? (
          <Stack gap="lg">
            {[0, 1, 2].map((key) => (
              <Stack key={key} gap={6}>
                <Skeleton height={14} width={120} />
                <Skeleton height={36} />
              </Stack>
            ))}
          </Stack>
        ) : (
          <Stack gap="md">{children}</Stack>
        )}
      </Paper>
      <ConfirmDialog
        opened={confirming}
        question={deleteQuestion ?? t("firsthour.deleteNamed", { name: title })}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          onDelete?.();
        }}
      />
    </Stack>
  );
}
