// A dialog that asks before something is deleted for good (or, with its own title and button,
// before another change that cannot be taken back).
import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { DialogMotion, dialogTransition } from "../Motion";

export function ConfirmDialog({
  opened,
  question,
  title,
  confirmLabel,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  question?: string;
  title?: string;
  confirmLabel?: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={title ?? t("manage.deleteTitle")}
      transitionProps={dialogTransition}
      closeButtonProps={{ "aria-label": t("shell.close") }}
    >
      <DialogMotion>
        <Stack gap="md">
          <Text>{question ?? t("manage.deleteQuestion")}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              {t("manage.cancel")}
            </Button>
            <Button color="red" onClick={onConfirm}>
              {confirmLabel ?? t("manage.delete")}
            </Button>
          </Group>
        </Stack>
      </DialogMotion>
    </Modal>
  );
}
