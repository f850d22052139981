// A card holding one small form of the account screens: a title and a line about it, the
// server's refusal of the last submit, the fields, and the submit button under them on the
// left, where the onboarding popup in the corner never covers it. The fields' state belongs to
// the screen, so a refusal keeps what was typed. A card given `unsaved` shows the save bar while
// its fields differ from what is saved, and asks before they are left behind.
import { Alert, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { type FormEvent, type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { UnsavedChanges } from "../../../components/UnsavedChanges";
import { errorText } from "../../../lib/errors";

export function FormCard({
  title,
  description,
  error,
  saving,
  submitLabel,
  onSubmit,
  unsaved,
  children,
}: {
  title: string;
  description?: string;
  /** The server's refusal of the last submit. */
  error: unknown;
  saving: boolean;
  submitLabel: string;
  onSubmit: () => void;
  /** Whether the fields differ from what is saved, and how to put them back. */
  unsaved?: { dirty: boolean; discard: () => void };
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }
  return (
    <>
      {unsaved && <UnsavedChanges dirty={unsaved.dirty} formId={id} saving={saving} onDiscard={unsaved.discard} />}
      <Paper withBorder radius="md" p="lg" component="form" id={id} onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="md">
          <div>
            <Title order={2} fz="h4">
              {title}
            </Title>
            {description && (
              <Text size="sm" c="dimmed" mt={4}>
                {description}
              </Text>
            )}
          </div>
          {Boolean(error) && (
            <Alert color="red" title={t("manage.saveFailed")} role="alert">
              <Text size="sm" style={{ whiteSpace: "pre-line" }}>
                {errorText(error)}
              </Text>
            </Alert>
          )}
          {children}
          <Group gap="xs">
            <Button type="submit" loading={saving}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </>
  );
}
