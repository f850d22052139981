// The order calls: GET /stores/orders (server paging and filters), GET /stores/orders/{id},
// POST /stores/orders/{id}/fulfill.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { shellConstants } from "../../../core";
import { api } from "../../../lib/api";
import type { Order } from "../../../types/generated/Order";
import type { OrderList } from "../../../types/generated/OrderList";
import { useSession } from "../../auth/store/session";
import type { ListData } from "../ListPage";

export interface OrderFilters {
  page: number;
  search: string;
  financialStatus: string;
  fulfillmentStatus: string;
  startDate: string;
  endDate: string;
}

export function useOrders(filters: OrderFilters) {
  const storeId = useSession((state) => state.storeId);
  const params = new URLSearchParams({ page: String(filters.page), limit: String(shellConstants.orderPageSize) });
  for (const key of ["search", "financialStatus", "fulfillmentStatus", "startDate", "endDate"] as const) {
    if (filters[key]) params.set(key, filters[key]);
  }
  return useQuery({
    queryKey: ["orders", storeId, params.toString()],
    queryFn: async ({ signal }): Promise<ListData<Order>> => {
      const list = await api<OrderList>(`/stores/orders?${params.toString()}`, { signal });
      return { rows: list.orders, total: Number(list.total) };
    },
    enabled: Boolean(storeId),
    placeholderData: keepPreviousData,
  });
}

export function useOrder(id: string) {
  const storeId = useSession((state) => state.storeId);
  return useQuery({
    queryKey: ["orders", storeId, "one", id],
    queryFn: ({ signal }) => api<Order>(`/stores/orders/${encodeURIComponent(id)}`, { signal }),
    enabled: Boolean(storeId),
  });
}

export function useFulfilOrder(id: string) {
  const client = useQueryClient();
  const storeId = useSession((state) => state.storeId);
  return useMutation({
    mutationFn: () => api<Order>(`/stores/orders/${encodeURIComponent(id)}/fulfill`, { method: "POST" }),
    onSuccess: (order) => {
      client.setQueryData(["orders", storeId, "one", id], order);
      void client.invalidateQueries({ queryKey: ["orders", storeId], predicate: (q) => q.queryKey[2] !== "one" });
      void client.invalidateQueries({ queryKey: ["dashboard"] });
    },
  });
}
