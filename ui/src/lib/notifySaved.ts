// A short confirmation in the corner, with a named close button.
import { notifications } from "@mantine/notifications";
import i18n from "../i18n";

export function notifySaved(message: string) {
  notifications.show({ color: "green", message, closeButtonProps: { "aria-label": i18n.t("shell.close") } });
}
