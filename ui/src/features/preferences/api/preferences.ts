// The store's page preference (GET and PUT /stores/preferences), its shipping settings (zones of
// places, each with its rates and free-shipping threshold) and its tax settings, each a setting of
// the store; and its order e-mails' settings.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import type { PagePreference } from "../../../types/generated/PagePreference";
import type { ShippingSettings } from "../../../types/generated/ShippingSettings";
import type { TaxSettings } from "../../../types/generated/TaxSettings";
import type { EmailSettings } from "../../../types/generated/EmailSettings";
import { useSetting } from "../../../hooks/useSetting";
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

/** The storefront's shipping settings (Preferences → Shipping). */
export const useShippingSettings = () => useSetting<ShippingSettings>("shipping", "/stores/settings/shipping");

/** The store's tax settings (Preferences → Taxes). */
export const useTaxSettings = () => useSetting<TaxSettings>("taxes", "/stores/settings/taxes");

/** The store's order e-mails: their language and the optional ones (Preferences → E-mails). */
export const useEmailSettings = () => useSetting<EmailSettings>("emails", "/stores/settings/emails");
