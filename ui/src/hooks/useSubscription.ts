// The store's current subscription (plan and trial): the frame's notices, the account overview
// and the plans page read it. Its failure stays silent (shell.md §8): no retry.
import { useQuery } from "@tanstack/react-query";
import { useSession } from "../app/session";
import { api } from "../lib/api";
import { SESSION_FACTS_FRESH_MS } from "./useStoreData";
import type { Subscription } from "../types/generated/Subscription";

/** GET /stores/subscription/current. */
export function useSubscription() {
  const storeId = useSession((state) => state.storeId);
  return useQuery({
    queryKey: ["subscription", storeId],
    queryFn: ({ signal }) => api<Subscription>("/stores/subscription/current", { signal }),
    enabled: Boolean(storeId),
    staleTime: SESSION_FACTS_FRESH_MS,
    retry: false,
  });
}
