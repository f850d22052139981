// A dialog that makes one change (fulfil, refund, cancel): its fields, the core's live problems,
// the server's refusal, and Cancel beside the action's button. Full-screen on phones; Escape
// and Cancel close it, Enter in a field submits it.
import { Alert, Button, Group, List, Modal, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { type FormEvent, type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { DialogMotion, dialogTransition } from "../Motion";
import { shellConstants } from "../../core";
import { errorText } from "../../lib/errors";

export function ActionDialog({
  opened,
  title,
  onClose,
  onSubmit,
  submitLabel,
  submitColor,
  dismissLabel,
  problems = [],
  error,
  busy,
  size = "lg",
  children,
}: {
  opened: boolean;
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  submitLabel: string;
  submitColor?: string;
  /** The closing button's label (default Cancel). */
  dismissLabel?: string;
  /** The core's verdict on what is typed: the button waits until it is empty. */
  problems?: string[];
  /** The server's refusal of the last submit. */
  error: unknown;
  busy: boolean;
  size?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery(`(max-width: ${shellConstants.mobileBreakpointPx}px)`) ?? false;
  const formId = useId();
  function submit(event: FormEvent) {
    event.preventDefault();
    if (problems.length === 0 && !busy) onSubmit();
  }
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={size}
      fullScreen={phone}
      transitionProps={dialogTransition}
      closeButtonProps={{ "aria-label": t("shell.close") }}
    >
      <DialogMotion>
        <form id={formId} onSubmit={submit} noValidate>
          <Stack gap="md">
            {children}
            {problems.length > 0 && (
              <Alert color="orange" role="status" aria-live="polite" p="xs">
                <List size="sm">
                  {problems.map((problem) => (
                    <List.Item key={problem}>{problem}</List.Item>
                  ))}
                </List>
              </Alert>
            )}
            {Boolean(error) && (
              <Alert color="red" role="alert" title={t("manage.saveFailed")}>
                <Text size="sm" style={{ whiteSpace: "pre-line" }}>
                  {errorText(error)}
                </Text>
              </Alert>
            )}
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={onClose}>
                {dismissLabel ?? t("manage.cancel")}
              </Button>
              <Button type="submit" color={submitColor} loading={busy} disabled={problems.length > 0}>
                {submitLabel}
              </Button>
            </Group>
          </Stack>
        </form>
      </DialogMotion>
    </Modal>
  );
}
