// The store's page preference: GET and PUT /stores/preferences.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import type { PagePreference } from "../../../types/generated/PagePreference";
import { useSession } from "../../auth/store/session";

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
    onSuccess: (saved) => client.setQueryData(key, saved),
  });
}
