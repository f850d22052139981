// The calls of the admin shell: notifications, balance, gateways, onboarding (the subscription is
// a shared hook, hooks/useSubscription.ts). Their failures stay silent in the shell (shell.md
// §8): the hooks do not retry, and the components show nothing when they fail.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { shellConstants } from "../../../core";
import { api } from "../../../lib/api";
import { SESSION_FACTS_FRESH_MS } from "../../../hooks/useStoreData";
import type { Balance } from "../../../types/generated/Balance";
import type { Notification } from "../../../types/generated/Notification";
import type { NotificationList } from "../../../types/generated/NotificationList";
import type { Proxy } from "../../../types/generated/Proxy";
import type { OnboardingStatus } from "../../../types/generated/OnboardingStatus";
import { useSession } from "../../../app/session";

function useStoreKey() {
  return useSession((state) => state.storeId);
}

/** GET /stores/payout/v2/notification with the spec's page size and unread filter. */
export function useNotifications() {
  const storeId = useStoreKey();
  const query = `page=1&limit=${shellConstants.notificationPageSize}&status=${shellConstants.notificationStatusFilter}`;
  return useQuery({
    queryKey: ["notifications", storeId],
    queryFn: ({ signal }) => api<NotificationList>(`/stores/payout/v2/notification?${query}`, { signal }),
    enabled: Boolean(storeId),
    retry: false,
  });
}

/** Which notifications the history shows. */
export type NotificationFilter = "all" | "unread" | "read";

/** The status value of a read notification (shell.md §3: 2 means already read). */
export const READ_STATUS = 2;

/** GET /stores/payout/v2/notification for the history: one page of the spec's size, all of the
 * store's notifications or only the unread (status 1) or read (status 2) ones. */
export function useNotificationHistory(page: number, filter: NotificationFilter) {
  const storeId = useStoreKey();
  const params = new URLSearchParams({ page: String(page), limit: String(shellConstants.notificationPageSize) });
  if (filter === "unread") params.set("status", String(shellConstants.notificationStatusFilter));
  if (filter === "read") params.set("status", String(READ_STATUS));
  return useQuery({
    queryKey: ["notifications", storeId, "history", filter, page],
    queryFn: ({ signal }) => api<NotificationList>(`/stores/payout/v2/notification?${params.toString()}`, { signal }),
    enabled: Boolean(storeId),
    placeholderData: (previous) => previous,
  });
}

/** PATCH /stores/payout/v2/notification/{id}, then the list again. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<Notification>(`/stores/payout/v2/notification/${encodeURIComponent(id)}`, { method: "PATCH" }),
    onSettled: () => client.invalidateQueries({ queryKey: ["notifications"] }),
  });
}

/** GET /stores/payout/v2/balance, refreshed every 15 minutes. */
export function useBalance(enabled: boolean) {
  const storeId = useStoreKey();
  return useQuery({
    queryKey: ["balance", storeId],
    queryFn: ({ signal }) => api<Balance>("/stores/payout/v2/balance", { signal }),
    enabled: enabled && Boolean(storeId),
    refetchInterval: shellConstants.balanceRefreshMs,
    retry: false,
  });
}

/** GET /stores/payout/proxy/store-proxies, re-checked every 2 minutes while there are none. */
export function useStoreProxies() {
  const storeId = useStoreKey();
  return useQuery({
    queryKey: ["proxies", storeId],
    queryFn: ({ signal }) => api<Proxy[]>("/stores/payout/proxy/store-proxies", { signal }),
    enabled: Boolean(storeId),
    staleTime: SESSION_FACTS_FRESH_MS,
    refetchInterval: (query) => (query.state.data?.length ? false : shellConstants.proxyRecheckMs),
    retry: false,
  });
}

/** GET /stores/config/status: the next onboarding step. */
export function useOnboarding() {
  const storeId = useStoreKey();
  return useQuery({
    queryKey: ["onboarding", storeId],
    queryFn: ({ signal }) => api<OnboardingStatus>("/stores/config/status", { signal }),
    enabled: Boolean(storeId),
    retry: false,
  });
}

/** PUT /stores/config/dismiss (path ours): hides the current step for this user, on every
 * device, until the store reaches another step. The popup goes at once. */
export function useDismissStep() {
  const client = useQueryClient();
  const storeId = useStoreKey();
  return useMutation({
    mutationFn: () => api<OnboardingStatus>("/stores/config/dismiss", { method: "PUT" }),
    onMutate: () => {
      const before = client.getQueryData<OnboardingStatus>(["onboarding", storeId]);
      if (before) client.setQueryData(["onboarding", storeId], { ...before, dismissed: true });
    },
    onSuccess: (next) => client.setQueryData(["onboarding", storeId], next),
  });
}

/** PUT /stores/config/skip: skips the current step and answers the next. */
export function useSkipStep() {
  const client = useQueryClient();
  const storeId = useStoreKey();
  return useMutation({
    mutationFn: () => api<OnboardingStatus>("/stores/config/skip", { method: "PUT" }),
    onSuccess: (next) => client.setQueryData(["onboarding", storeId], next),
  });
}
