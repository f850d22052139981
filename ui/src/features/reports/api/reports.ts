// The report calls: GET /stores/reports/sales (and its CSV), /profit, /costs (PUT to set a unit
// cost), /utm, /pixel (PUT the ids, POST and DELETE /pixel/shares), all for the chosen store.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, apiResponse, saveDownload } from "../../../lib/api";
import type { PixelIds } from "../../../types/generated/PixelIds";
import type { PixelSettings } from "../../../types/generated/PixelSettings";
import type { ProductCost } from "../../../types/generated/ProductCost";
import type { ProductCostInput } from "../../../types/generated/ProductCostInput";
import type { ProfitReport } from "../../../types/generated/ProfitReport";
import type { SalesReport } from "../../../types/generated/SalesReport";
import type { StorePage } from "../../../types/generated/StorePage";
import type { UtmReport } from "../../../types/generated/UtmReport";
import { useSession } from "../../../app/session";

/** The range of a report as the calls take it: a preset of days or two local days. */
export type RangeParams = { lastDays: number } | { fromTime: string; toTime: string };

function search(range: RangeParams, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra);
  for (const [key, value] of Object.entries(range)) params.set(key, String(value));
  return params.toString();
}

function useStoreId() {
  return useSession((state) => state.storeId);
}

function useReport<T>(name: string, path: string, query: string) {
  const storeId = useStoreId();
  return useQuery({
    queryKey: ["reports", storeId, name, query],
    queryFn: ({ signal }) => api<T>(`${path}?${query}`, { signal }),
    enabled: Boolean(storeId),
    placeholderData: keepPreviousData,
  });
}

export function useSalesReport(range: RangeParams, groupBy: string) {
  return useReport<SalesReport>("sales", "/stores/reports/sales", search(range, { groupBy }));
}

export function useProfitReport(range: RangeParams) {
  return useReport<ProfitReport>("profit", "/stores/reports/profit", search(range));
}

export function useUtmReport(range: RangeParams, groupBy: string) {
  return useReport<UtmReport>("utm", "/stores/reports/utm", search(range, { groupBy }));
}

/** Downloads the sales report as CSV (the server's file, exact to the cent). */
export async function downloadSalesCsv(range: RangeParams, groupBy: string): Promise<void> {
  const response = await apiResponse(`/stores/reports/sales/export?${search(range, { groupBy })}`, {
    headers: { Accept: "text/csv" },
  });
  await saveDownload(response, "sales.csv");
}

export function useCosts() {
  const storeId = useStoreId();
  return useQuery({
    queryKey: ["reports", storeId, "costs"],
    queryFn: ({ signal }) => api<ProductCost[]>("/stores/reports/costs", { signal }),
    enabled: Boolean(storeId),
  });
}

export function useSaveCost() {
  const client = useQueryClient();
  const storeId = useStoreId();
  return useMutation({
    mutationFn: (input: ProductCostInput) => api<ProductCost>("/stores/reports/costs", { method: "PUT", body: input }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ["reports", storeId, "costs"] });
      void client.invalidateQueries({ queryKey: ["reports", storeId, "profit"] });
    },
  });
}

/** The store's public address, for campaign links: its shoppers' domain. */
export function useStoreAddress() {
  const storeId = useStoreId();
  return useQuery({
    queryKey: ["reports", storeId, "address"],
    queryFn: async ({ signal }) => {
      const page = await api<StorePage>("/users/stores", { signal });
      const store = page.stores.find((s) => s.id === storeId);
      return store ? `https://${store.rDomain}` : "";
    },
    enabled: Boolean(storeId),
    staleTime: Infinity,
  });
}

export function usePixel() {
  const storeId = useStoreId();
  return useQuery({
    queryKey: ["reports", storeId, "pixel"],
    queryFn: ({ signal }) => api<PixelSettings>("/stores/reports/pixel", { signal }),
    enabled: Boolean(storeId),
  });
}

function usePixelMutation<A>(call: (argument: A) => Promise<PixelSettings>) {
  const client = useQueryClient();
  const storeId = useStoreId();
  return useMutation({
    mutationFn: call,
    onSuccess: (settings) => client.setQueryData(["reports", storeId, "pixel"], settings),
  });
}

export function useSavePixel() {
  return usePixelMutation((ids: PixelIds) => api<PixelSettings>("/stores/reports/pixel", { method: "PUT", body: ids }));
}

export function useSharePixel() {
  return usePixelMutation((storeId: string) => api<PixelSettings>("/stores/reports/pixel/shares", { method: "POST", body: { storeId } }));
}

export function useUnsharePixel() {
  return usePixelMutation((storeId: string) => api<PixelSettings>(`/stores/reports/pixel/shares/${encodeURIComponent(storeId)}`, { method: "DELETE" }));
}
