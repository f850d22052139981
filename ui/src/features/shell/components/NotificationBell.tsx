// The bell: unread count, the list, and a 700 px dialog for one notification. Opening one marks
// it read (unless it is already) and reloads the list; the public notification is marked read
// in this browser only (shell.md §4). Failures stay silent. "See all notifications" opens the
// history, read ones included.
import { ActionIcon, Badge, Indicator, Menu, Modal, Text, Typography } from "@mantine/core";
import { IconBell } from "@tabler/icons-react";
import { useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DialogMotion, dialogTransition } from "../../../components/Motion";
import { shellConstants } from "../../../core";
import type { Notification } from "../../../types/generated/Notification";
import { READ_STATUS, useMarkRead, useNotifications } from "../api/useShellCalls";
import { NotificationTime } from "./NotificationTime";

const PUBLIC_READ_KEY = "storeloom.publicNotificationRead";

/** The operator's broadcast, read in this browser only (shell.md §4): whether it is unread,
 * and marking it read. The bell and the notifications page share it. */
export function useBroadcast(broadcast: Notification | null) {
  const publicRead = useSyncExternalStore(onBroadcastRead, () => localStorage.getItem(PUBLIC_READ_KEY));
  const unread = broadcast !== null && publicRead !== broadcast._id;
  const markRead = (notification: Notification) => {
    localStorage.setItem(PUBLIC_READ_KEY, notification._id);
    for (const listener of broadcastListeners) listener();
  };
  return { unread, markRead };
}

/** Who shows the broadcast's read state (the bell, the history): told when it is read. */
const broadcastListeners = new Set<() => void>();
function onBroadcastRead(listener: () => void) {
  broadcastListeners.add(listener);
  return () => {
    broadcastListeners.delete(listener);
  };
}

export function NotificationBell() {
  const { t } = useTranslation();
  const list = useNotifications();
  const markRead = useMarkRead();
  const [open, setOpen] = useState<Notification | null>(null);

  const items = list.data?.notifications ?? [];
  const broadcast = list.data?.publicNotification[0] ?? null;
  const { unread: broadcastUnread, markRead: markBroadcastRead } = useBroadcast(broadcast);
  // The list is the unread ones, one page of them: the count is all of them (its total).
  const unread = (list.data?.total ?? 0) + (broadcastUnread ? 1 : 0);

  function show(notification: Notification, isPublic: boolean) {
    setOpen(notification);
    if (isPublic) markBroadcastRead(notification);
    else if (notification.status !== READ_STATUS) markRead.mutate(notification._id);
  }

  return (
    <>
      <Menu position="bottom-end" width={340} shadow="md">
        <Menu.Target>
          {/* No count until the list has come: "0 unread" while it loads would be untrue. */}
          <ActionIcon variant="subtle" size="lg" aria-label={list.data ? t("shell.notifications", { count: unread }) : t("shell.notificationsTitle")}>
            <Indicator label={unread} size={16} disabled={unread === 0} offset={2}>
              <IconBell size={20} />
            </Indicator>
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{t("shell.notificationsTitle")}</Menu.Label>
          {broadcast && (
            <Menu.Item onClick={() => show(broadcast, true)} rightSection={broadcastUnread ? <Badge size="xs">{t("shell.new")}</Badge> : null}>
              {broadcast.title}
            </Menu.Item>
          )}
          {items.map((n) => (
            <Menu.Item key={n._id} onClick={() => show(n, false)} fw={n.status === READ_STATUS ? 400 : 600}>
              {n.title}
            </Menu.Item>
          ))}
          {items.length === 0 && !broadcast && <Menu.Item disabled>{t("shell.noNotifications")}</Menu.Item>}
          <Menu.Divider />
          <Menu.Item component={Link} to="/notifications" c="indigo.8" fw={600}>
            {t("session.notifications.seeAll")}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <NotificationDialog notification={open} onClose={() => setOpen(null)} />
    </>
  );
}

/** One notification in a dialog 700 px wide: its time and its body. */
export function NotificationDialog({ notification, onClose }: { notification: Notification | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={notification !== null}
      onClose={onClose}
      size={shellConstants.notificationDialogWidthPx}
      title={notification?.title}
      closeButtonProps={{ "aria-label": t("shell.close") }}
      transitionProps={dialogTransition}
    >
      {notification && (
        <DialogMotion>
          <Text size="sm" c="dimmed" mb="sm">
            <NotificationTime value={notification.createdDate} />
          </Text>
          <Typography>
            {/* The server sanitizes notification HTML when it is written. */}
            <div dangerouslySetInnerHTML={{ __html: notification.body }} />
          </Typography>
        </DialogMotion>
      )}
    </Modal>
  );
}
