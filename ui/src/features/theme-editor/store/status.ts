// The save status as the top bar says it, in the user's language: how many changes are not
// saved (offline too, and whether a Save is waiting for the network).
import type { TFunction } from "i18next";
import type { SessionSnapshot } from "./session";

export function saveStatusText(t: TFunction, snapshot: Pick<SessionSnapshot, "status" | "pending" | "queued">): string {
  const count = snapshot.pending;
  switch (snapshot.status) {
    case "unsaved":
      return t("editor.status.unsaved", { count });
    case "offline":
      if (count === 0) return t("editor.status.offline");
      return t(snapshot.queued > 0 ? "editor.status.offlineQueued" : "editor.status.offlineUnsaved", { count });
    default:
      return t(`editor.status.${snapshot.status}`);
  }
}
