// /admin/notifications: the store's notifications, read ones included, ten to a page (the
// spec's page size) with an All / Unread / Read filter. The page and the filter live in the
// address. Opening one shows it in the 700 px dialog and marks it read, as the bell does. The
// operator's broadcast, which the bell lists first, stands above the list.
import { Alert, Badge, Button, Group, Pagination, Paper, SegmentedControl, Stack, Text, Title, UnstyledButton } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { RowsSkeleton } from "../../../components/Skeletons";
import { shellConstants } from "../../../core";
import { errorText } from "../../../lib/errors";
import type { Notification } from "../../../types/generated/Notification";
import { type NotificationFilter, READ_STATUS, useMarkRead, useNotificationHistory } from "../api/useShellCalls";
import { NotificationDialog, useBroadcast } from "./NotificationBell";
import { NotificationTime } from "./NotificationTime";

const FILTERS: NotificationFilter[] = ["all", "unread", "read"];

export function NotificationsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filter = FILTERS.find((f) => f === params.get("status")) ?? "all";
  const page = Math.max(1, Number(params.get("page") ?? "1") || 1);
  const list = useNotificationHistory(page, filter);
  const markRead = useMarkRead();
  const [open, setOpen] = useState<Notification | null>(null);
  const total = list.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / shellConstants.notificationPageSize));
  const rows = list.data?.notifications ?? [];

  function set(changes: { status?: NotificationFilter; page?: number }) {
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (changes.status !== undefined) {
        if (changes.status === "all") next.delete("status");
        else next.set("status", changes.status);
        next.delete("page");
      }
      if (changes.page !== undefined) {
        if (changes.page <= 1) next.delete("page");
        else next.set("page", String(changes.page));
      }
      return next;
    });
  }

  // The operator's broadcast, which the bell lists first, is here too.
  const broadcast = list.data?.publicNotification[0] ?? null;
  const { unread: broadcastUnread, markRead: markBroadcastRead } = useBroadcast(broadcast);

  function show(notification: Notification) {
    setOpen(notification);
    if (notification._id === broadcast?._id) markBroadcastRead(notification);
    else if (notification.status !== READ_STATUS) markRead.mutate(notification._id);
  }

  return (
    <Stack gap="md" maw={900} mx="auto">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} fz="h2">
          {t("session.notifications.title")}
        </Title>
        {list.data && (
          <Text c="dimmed" size="sm">
            {t("session.notifications.total", { count: total })}
          </Text>
        )}
      </Group>
      <div>
        <Text component="span" id="notification-filter" size="sm" fw={500} mr="sm">
          {t("session.notifications.filter")}
        </Text>
        <SegmentedControl
          aria-labelledby="notification-filter"
          value={filter}
          onChange={(value) => set({ status: value as NotificationFilter })}
          data={FILTERS.map((f) => ({ value: f, label: t(`session.notifications.${f}`) }))}
        />
      </div>
      {broadcast && (
        <Paper withBorder radius="md" data-testid="broadcast">
          <UnstyledButton onClick={() => show(broadcast)} w="100%" p="md" aria-label={t("session.notifications.open", { title: broadcast.title })}>
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text size="xs" c="dimmed">
                  {t("session.notifications.fromStoreloom")}
                </Text>
                <Text fw={broadcastUnread ? 700 : 400} truncate>
                  {broadcast.title}
                </Text>
              </Stack>
              {broadcastUnread && <Badge variant="light">{t("session.notifications.unread")}</Badge>}
            </Group>
          </UnstyledButton>
        </Paper>
      )}
      <Paper withBorder radius="md">
        {list.isPending && <RowsSkeleton rows={5} columns={2} />}
        {list.isError && !list.data && (
          <Alert color="red" title={t("session.notifications.failed")} m="md">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{errorText(list.error)}</Text>
              <Button size="xs" variant="light" onClick={() => void list.refetch()}>
                {t("session.retry")}
              </Button>
            </Stack>
          </Alert>
        )}
        {list.isSuccess && rows.length === 0 && (
          <Text c="dimmed" p="lg" ta="center">
            {t("session.notifications.empty")}
          </Text>
        )}
        {rows.length > 0 && (
          <Stack component="ul" gap={0} style={{ listStyle: "none", margin: 0, padding: 0 }} aria-busy={list.isFetching} data-testid="notification-list">
            {rows.map((n) => {
              const unread = n.status !== READ_STATUS;
              return (
                <li key={n._id} style={{ borderBottom: "1px solid var(--mantine-color-gray-2)" }}>
                  <UnstyledButton onClick={() => show(n)} w="100%" p="md" aria-label={t("session.notifications.open", { title: n.title })}>
                    <Group justify="space-between" wrap="nowrap" gap="sm">
                      <Stack gap={2} style={{ minWidth: 0 }}>
                        <Text fw={unread ? 700 : 400} truncate>
                          {n.title}
                        </Text>
                        <Text size="xs" c="dimmed">
                          <NotificationTime value={n.createdDate} />
                        </Text>
                      </Stack>
                      {unread && <Badge variant="light">{t("session.notifications.unread")}</Badge>}
                    </Group>
                  </UnstyledButton>
                </li>
              );
            })}
          </Stack>
        )}
      </Paper>
      {pageCount > 1 && (
        <Group justify="center">
          <Pagination
            total={pageCount}
            value={Math.min(page, pageCount)}
            onChange={(value) => set({ page: value })}
            getControlProps={(control) => ({ "aria-label": t(`session.notifications.${control}`) })}
            aria-label={t("session.notifications.pages")}
          />
        </Group>
      )}
      <NotificationDialog notification={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
