// A dialog that asks before something is deleted for good.
import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { DialogMotion, dialogTransition } from "../../components/Motion";

export function ConfirmDialog({
  opened,
  question,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  question?: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={t("manage.deleteTitle")}
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
              {t("manage.delete")}
            </Button>
          </Group>
        </Stack>
      </DialogMotion>
    </Modal>
  );
}
