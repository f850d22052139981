// The global success and error events of shell.md §8: a toast with the server's messages
// joined, or 'Success' / 'Oops! Unknown error!' when it sent none. Loaded with the first event,
// not with the first download.
import i18n from "../i18n";
import { errorText } from "./errors";
import { showNotification } from "./notify";

/** The messages a successful answer carries: `messages` (a list) or `message` (one text). */
function messagesOf(body: unknown): string[] {
  if (typeof body !== "object" || body === null) return [];
  const { messages, message } = body as { messages?: unknown; message?: unknown };
  if (Array.isArray(messages)) return messages.filter((m): m is string => typeof m === "string" && m.length > 0);
  return typeof message === "string" && message.length > 0 ? [message] : [];
}

/** The text of the global success event for a server's answer: its messages joined, or
 * 'Success' when it sent none (shell.md §8). */
export function successText(body: unknown): string {
  const messages = messagesOf(body);
  return messages.length > 0 ? messages.join("\n") : i18n.t("session.success");
}

const closeButton = () => ({ "aria-label": i18n.t("shell.close") });

/** The global success event: a green toast with the server's messages, or 'Success'. */
export function notifySuccess(body?: unknown): void {
  showNotification({ color: "green", message: successText(body), closeButtonProps: closeButton() });
}

/** The global error event: a red toast with the server's messages, or 'Oops! Unknown error!'. */
export function notifyError(error: unknown): void {
  showNotification({ color: "red", message: errorText(error), closeButtonProps: closeButton() });
}
