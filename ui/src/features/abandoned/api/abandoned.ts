// The abandoned checkout calls: GET /stores/abandoned-checkouts (server paging, search, a range
// of local days) and GET /stores/abandoned-checkouts/{id}.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { shellConstants } from "../../../core";
import { api } from "../../../lib/api";
import type { AbandonedCheckout } from "../../../types/generated/AbandonedCheckout";
import type { AbandonedCheckoutList } from "../../../types/generated/AbandonedCheckoutList";
import { useSession } from "../../../app/session";
import type { ListData } from "../../../components/records/ListPage";

export interface AbandonedFilters {
  page: number;
  search: string;
  startDate: string;
  endDate: string;
}

/** A page of checkouts, and the grace period after which a checkout is listed, in minutes. */
export interface AbandonedPage extends ListData<AbandonedCheckout> {
  afterMinutes: number;
}

export function useAbandonedCheckouts(filters: AbandonedFilters) {
  const storeId = useSession((state) => state.storeId);
  const params = new URLSearchParams({ page: String(filters.page), limit: String(shellConstants.orderPageSize) });
  for (const key of ["search", "startDate", "endDate"] as const) {
    if (filters[key]) params.set(key, filters[key]);
  }
  return useQuery({
    queryKey: ["abandoned-checkouts", storeId, params.toString()],
    queryFn: async ({ signal }): Promise<AbandonedPage> => {
      const list = await api<AbandonedCheckoutList>(`/stores/abandoned-checkouts?${params.toString()}`, { signal });
      return { rows: list.checkouts, total: Number(list.total), afterMinutes: Number(list.abandonedAfterMinutes) };
    },
    enabled: Boolean(storeId),
    placeholderData: keepPreviousData,
  });
}

export function useAbandonedCheckout(id: string) {
  const storeId = useSession((state) => state.storeId);
  return useQuery({
    queryKey: ["abandoned-checkouts", storeId, "one", id],
    queryFn: ({ signal }) => api<AbandonedCheckout>(`/stores/abandoned-checkouts/${encodeURIComponent(id)}`, { signal }),
    enabled: Boolean(storeId),
  });
}
