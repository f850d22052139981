// Server data many screens need about the signed-in user and the chosen store.
import { useQuery } from "@tanstack/react-query";
import { useSession } from "../features/auth/store/session";
import { api } from "../lib/api";
import type { PublicConfig } from "../types/generated/PublicConfig";
import type { StoreStatus } from "../types/generated/StoreStatus";
import type { UserInfo } from "../types/generated/UserInfo";

/** GET /api/users/info for the chosen store: names, role and scopes. */
export function useUserInfo() {
  const storeId = useSession((state) => state.storeId);
  return useQuery({
    queryKey: ["users", "info", storeId],
    queryFn: ({ signal }) => api<UserInfo>("/users/info", { signal }),
    enabled: Boolean(storeId),
  });
}

/** GET /api/stores/current: whether the store is enabled, and its business type. */
export function useStoreStatus() {
  const storeId = useSession((state) => state.storeId);
  return useQuery({
    queryKey: ["stores", "current", storeId],
    queryFn: ({ signal }) => api<StoreStatus>("/stores/current", { signal }),
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
