// Turns a failed call into the text to show: the server's messages joined, or a fallback.
import i18n from "../i18n";
import { ApiError } from "./api";

export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.messages.length > 0) return error.messages.join("\n");
    if (error.status === 0) return i18n.t("errors.network");
  }
  return i18n.t("errors.unknown");
}
