// Mantine's notifications for screens that come with the first download (the sign-in page):
// the package is fetched when a notification is first shown, not with the page. The global
// success and error events are in events.ts.
import type { NotificationData } from "@mantine/notifications";

const load = () => import("@mantine/notifications").then((module) => module.notifications);

/** Shows a notification once the package has arrived. */
export function showNotification(data: NotificationData): void {
  void load().then((notifications) => notifications.show(data));
}

/** Hides a notification by its id (calls keep their order: they wait on the same import). */
export function hideNotification(id: string): void {
  void load().then((notifications) => notifications.hide(id));
}
