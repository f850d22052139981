// What the store's plan limits (products, themes, staff accounts) and how much of each the store
// has: the products, themes and staff screens show it next to the way to add one. It is read
// again whenever such a screen opens, so a count is never older than the screen.
import { useQuery } from "@tanstack/react-query";
import { useSession } from "../app/session";
import { api } from "../lib/api";
import type { StoreLimits } from "../types/generated/StoreLimits";

/** GET /stores/subscription/limits. */
export function usePlanLimits() {
  const storeId = useSession((state) => state.storeId);
  return useQuery({
    queryKey: ["planLimits", storeId],
    queryFn: ({ signal }) => api<StoreLimits>("/stores/subscription/limits", { signal }),
    enabled: Boolean(storeId),
    retry: false,
  });
}

/** Whether the store has reached its plan's limit of `what`: the way to add one is then off (the
 * notice beside it says why and links to the plans). */
export function useLimitReached(what: "products" | "themes" | "staff"): boolean {
  return usePlanLimits().data?.[what]?.full === true;
}
