// GET /stores/analytics/paid-orders: the Order paid table's page (page, limit 10 from the
// core, the range's days and zone, financialStatus paid).
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { shellConstants } from "../../../core";
import { api } from "../../../lib/api";
import type { OrderList } from "../../../types/generated/OrderList";
import { type ReportFilters, filtersKey } from "./filters";

export function usePaidOrders(filters: ReportFilters | null, page: number, refresh: boolean) {
  return useQuery({
    queryKey: ["analytics", "paid-orders", ...(filters ? filtersKey(filters) : []), page],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({
        page: String(page),
        limit: String(shellConstants.orderPageSize),
        startDate: filters!.from,
        endDate: filters!.to,
        timezone: filters!.timezone,
        financialStatus: "paid",
        stores: filters!.stores.join(","),
        ...(filters!.testOrders ? { testOrders: "include" } : {}),
      });
      return api<OrderList>(`/stores/analytics/paid-orders?${query}`, { signal });
    },
    enabled: filters !== null,
    placeholderData: keepPreviousData,
    refetchInterval: refresh ? shellConstants.analyticsRefreshMs : false,
    retry: false,
  });
}
