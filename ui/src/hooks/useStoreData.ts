// Server data many screens need about the signed-in user and the chosen store.
import { useQuery } from "@tanstack/react-query";
import { useSession } from "../app/session";
import { api } from "../lib/api";
import { keepCopy, offlineCopy } from "../lib/offlineCopies";
import type { PublicConfig } from "../types/generated/PublicConfig";
import type { StoreStatus } from "../types/generated/StoreStatus";
import type { UserInfo } from "../types/generated/UserInfo";

/** How long an answer about the session's user and store (their info, the store's status, plan
 * and gateways) counts as fresh: every part of a screen that opens (the guard, the frame, the
 * page) reads them, and without it each part asked the server again as it mounted, three rounds
 * of the same calls for one screen. A change made here invalidates its answer at once. */
export const SESSION_FACTS_FRESH_MS = 10_000;

/** GET /api/users/info for the chosen store: names, role and scopes. */
export function useUserInfo() {
  const storeId = useSession((state) => state.storeId);
  return useQuery({
    queryKey: ["users", "info", storeId],
    queryFn: async ({ signal }) => {
      const info = await api<UserInfo>("/users/info", { signal });
      keepCopy(`users.info.${storeId}`, info);
      return info;
    },
    // Offline (the editor's drafts), the copy kept from the last answer opens the admin.
    initialData: () => offlineCopy<UserInfo>(`users.info.${storeId}`),
    initialDataUpdatedAt: 0,
    staleTime: SESSION_FACTS_FRESH_MS,
    enabled: Boolean(storeId),
  });
}

/** GET /api/stores/current: whether the store is enabled, its business type and public address. */
export function useStoreStatus() {
  const storeId = useSession((state) => state.storeId);
  return useQuery({
    queryKey: ["stores", "current", storeId],
    queryFn: async ({ signal }) => {
      const status = await api<StoreStatus>("/stores/current", { signal });
      keepCopy(`stores.current.${storeId}`, status);
      return status;
    },
    initialData: () => offlineCopy<StoreStatus>(`stores.current.${storeId}`),
    initialDataUpdatedAt: 0,
    staleTime: SESSION_FACTS_FRESH_MS,
    enabled: Boolean(storeId),
  });
}

/** GET /api/config/public: the operator's e-mail domain. */
export function usePublicConfig() {
  return useQuery({
    queryKey: ["config", "public"],
    queryFn: ({ signal }) => api<PublicConfig>("/config/public", { signal, anonymous: true }),
    staleTime: Infinity,
  });
}

/** Where shoppers reach the chosen store: the server's `publicUrl` (the storefront's path on
 * this server, or the store's own host when the server serves storefronts on hosts). */
export function useStoreUrl(): string | null {
  return useStoreStatus().data?.publicUrl ?? null;
}
