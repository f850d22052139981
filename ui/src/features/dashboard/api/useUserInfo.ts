// GET /api/users/info for the chosen store.
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import type { UserInfo } from "../../../types/generated/UserInfo";

export function useUserInfo(storeId: string | null) {
  return useQuery({
    queryKey: ["users", "info", storeId],
    queryFn: ({ signal }) => api<UserInfo>("/users/info", { signal }),
    enabled: Boolean(storeId),
  });
}
