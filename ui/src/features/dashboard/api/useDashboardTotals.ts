// GET /api/stores/dashboard/totals: today's paid sales and orders in the store's zone, and the
// open orders.
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import type { DashboardTotals } from "../../../types/generated/DashboardTotals";
import { useSession } from "../../../app/session";

export function useDashboardTotals() {
  const storeId = useSession((state) => state.storeId);
  return useQuery({
    queryKey: ["dashboard", "totals", storeId],
    queryFn: ({ signal }) => api<DashboardTotals>("/stores/dashboard/totals", { signal }),
    enabled: Boolean(storeId),
  });
}
