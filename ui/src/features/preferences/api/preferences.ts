// The store's page preference (GET and PUT /stores/preferences) and its shipping settings (GET
// and PUT /stores/settings/shipping: the flat rate and the free-shipping threshold).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import type { PagePreference } from "../../../types/generated/PagePreference";
import type { ShippingSettings } from "../../../types/generated/ShippingSettings";
import type { TaxSettings } from "../../../types/generated/TaxSettings";
import { useSession } from "../../../app/session";

const PATH = "/stores/preferences";

function useKey() {
  const storeId = useSession((state) => state.storeId);
  return { storeId, key: ["preferences", storeId] };
}

export function usePreferences() {
  const { storeId, key } = useKey();
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api<PagePreference>(PATH, { signal }),
    enabled: Boolean(storeId),
  });
}

export function useSavePreferences() {
  const client = useQueryClient();
  const { key } = useKey();
  return useMutation({
    mutationFn: (preference: PagePreference) => api<PagePreference>(PATH, { method: "PUT", body: preference }),
    onSuccess: (saved) => {
      client.setQueryData(key, saved);
      // The store's currency and zone (GET /stores/current) drive every price and date shown.
      void client.invalidateQueries({ queryKey: ["stores", "current"] });
    },
  });
}

const SHIPPING = "/stores/settings/shipping";

export function useShippingSettings() {
  const storeId = useSession((state) => state.storeId);
  return useQuery({
    queryKey: ["shipping", storeId],
    queryFn: ({ signal }) => api<ShippingSettings>(SHIPPING, { signal }),
    enabled: Boolean(storeId),
  });
}

export function useSaveShippingSettings() {
  const client = useQueryClient();
  const storeId = useSession((state) => state.storeId);
  return useMutation({
    mutationFn: (settings: ShippingSettings) => api<ShippingSettings>(SHIPPING, { method: "PUT", body: settings }),
    onSuccess: (saved) => client.setQueryData(["shipping", storeId], saved),
  });
}

const TAXES = "/stores/settings/taxes";

export function useTaxSettings() {
  const storeId = useSession((state) => state.storeId);
  return useQuery({
    queryKey: ["taxes", storeId],
    queryFn: ({ signal }) => api<TaxSettings>(TAXES, { signal }),
    enabled: Boolean(storeId),
  });
}

export function useSaveTaxSettings() {
  const client = useQueryClient();
  const storeId = useSession((state) => state.storeId);
  return useMutation({
    mutationFn: (settings: TaxSettings) => api<TaxSettings>(TAXES, { method: "PUT", body: settings }),
    onSuccess: (saved) => client.setQueryData(["taxes", storeId], saved),
  });
}
