// The order calls: GET /stores/orders (server paging and filters, also by customer), its CSV
// export, GET /stores/orders/{id}, and the changes of an order: fulfilments (made and
// cancelled), refunds and cancellation.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { shellConstants } from "../../../core";
import { api, apiResponse, saveDownload } from "../../../lib/api";
import type { CancelInput } from "../../../types/generated/CancelInput";
import type { FulfillmentInput } from "../../../types/generated/FulfillmentInput";
import type { Order } from "../../../types/generated/Order";
import type { OrderList } from "../../../types/generated/OrderList";
import type { RefundInput } from "../../../types/generated/RefundInput";
import { useSession } from "../../../app/session";
import type { ListData } from "../../../components/records/ListPage";

export interface OrderFilters {
  page: number;
  search: string;
  financialStatus: string;
  fulfillmentStatus: string;
  startDate: string;
  endDate: string;
  customerId?: string;
  /** Test orders: "" (shown), "exclude" or "only". */
  test?: string;
}

export function useOrders(filters: OrderFilters) {
  const storeId = useSession((state) => state.storeId);
  const params = filterParams(filters);
  params.set("page", String(filters.page));
  params.set("limit", String(shellConstants.orderPageSize));
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

/** The query string of the list's filters (also the export's). */
function filterParams(filters: Omit<OrderFilters, "page">): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ["search", "financialStatus", "fulfillmentStatus", "startDate", "endDate", "customerId", "test"] as const) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  return params;
}

/** Downloads the orders the filters match as CSV. */
export function useExportOrders() {
  return useMutation({
    mutationFn: async (filters: Omit<OrderFilters, "page">) => {
      const query = filterParams(filters).toString();
      const response = await apiResponse(`/stores/orders/export${query ? `?${query}` : ""}`, { headers: { Accept: "text/csv" } });
      await saveDownload(response, "orders.csv");
    },
  });
}

/** A change of one order (fulfil, cancel a fulfilment, refund, cancel): the answer is the order
 * as it is now, shown at once; the lists, the dashboard, the customers (their spending), the
 * products (restocked lines) and the payout balance are read again. */
function useOrderChange<V>(id: string, send: (path: string, value: V) => Promise<Order>) {
  const client = useQueryClient();
  const storeId = useSession((state) => state.storeId);
  return useMutation({
    mutationFn: (value: V) => send(`/stores/orders/${encodeURIComponent(id)}`, value),
    onSuccess: (order) => {
      client.setQueryData(["orders", storeId, "one", id], order);
      void client.invalidateQueries({ queryKey: ["orders", storeId], predicate: (q) => q.queryKey[2] !== "one" });
      for (const key of ["dashboard", "customers", "products", "payouts", "analytics"]) void client.invalidateQueries({ queryKey: [key] });
    },
  });
}

export function useFulfilOrder(id: string) {
  return useOrderChange(id, (path, input: FulfillmentInput) => api<Order>(`${path}/fulfillments`, { method: "POST", body: input }));
}

export function useCancelFulfilment(id: string) {
  return useOrderChange(id, (path, fulfillmentId: string) =>
    api<Order>(`${path}/fulfillments/${encodeURIComponent(fulfillmentId)}/cancel`, { method: "POST" }),
  );
}

export function useRefundOrder(id: string) {
  return useOrderChange(id, (path, input: RefundInput) => api<Order>(`${path}/refunds`, { method: "POST", body: input }));
}

export function useCancelOrder(id: string) {
  return useOrderChange(id, (path, input: CancelInput) => api<Order>(`${path}/cancel`, { method: "POST", body: input }));
}
