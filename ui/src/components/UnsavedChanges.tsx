// Unsaved edits of a form: a bar that stays under the top bar while there are any ("Unsaved
// changes", Discard, Save, like Shopify's contextual save bar), and the question asked before
// they are left behind (useLeaveGuard).
import { Button, Group, Modal, Paper, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useLeaveGuard } from "../hooks/useLeaveGuard";
import { DialogMotion, dialogTransition } from "./Motion";

export function UnsavedChanges({
  dirty,
  formId,
  saving,
  onDiscard,
  submitLabel,
}: {
  dirty: boolean;
  /** The form that the bar's Save submits. */
  formId: string;
  saving: boolean;
  onDiscard?: () => void;
  /** The form's own word for Save, when it has one. */
  submitLabel?: string;
}) {
  const { t } = useTranslation();
  const guard = useLeaveGuard(dirty);
  return (
    <>
      {dirty && (
        <Paper
          role="region"
          aria-label={t("firsthour.unsaved.bar")}
          data-testid="save-bar"
          shadow="sm"
          radius="md"
          px="md"
          py="xs"
          bg="dark.7"
          c="white"
          style={{ position: "sticky", top: "calc(var(--app-shell-header-height, 56px) + 8px)", zIndex: 120 }}
        >
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text fw={600} size="sm" truncate>
              {t("firsthour.unsaved.title")}
            </Text>
            <Group gap="xs" wrap="nowrap">
              {onDiscard && (
                <Button size="xs" variant="default" onClick={onDiscard} disabled={saving}>
                  {t("firsthour.unsaved.discard")}
                </Button>
              )}
              <Button size="xs" type="submit" form={formId} loading={saving} color="green">
                {submitLabel ?? t("manage.save")}
              </Button>
            </Group>
          </Group>
        </Paper>
      )}
      <Modal
        opened={guard.asking}
        onClose={guard.stay}
        title={t("firsthour.unsaved.leaveTitle")}
        transitionProps={dialogTransition}
        closeButtonProps={{ "aria-label": t("shell.close") }}
      >
        <DialogMotion>
          <Stack gap="md">
            <Text>{t("firsthour.unsaved.leaveQuestion")}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={guard.stay} data-autofocus>
                {t("firsthour.unsaved.stay")}
              </Button>
              <Button color="red" onClick={guard.leave}>
                {t("firsthour.unsaved.leave")}
              </Button>
            </Group>
          </Stack>
        </DialogMotion>
      </Modal>
    </>
  );
}
