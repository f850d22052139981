// The theme list's calls: GET /stores/onlinestore/themes, and per theme POST .../{id}/activate,
// POST .../{id}/clone and DELETE .../{id}. Each change refreshes the list.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import type { Theme } from "../../../types/generated/Theme";
import type { ThemeName } from "../../../types/generated/ThemeName";
import { useSession } from "../../auth/store/session";
import type { ListData } from "../ListPage";

const THEMES = "/stores/onlinestore/themes";
const one = (id: string) => `${THEMES}/${encodeURIComponent(id)}`;

function useKey() {
  const storeId = useSession((state) => state.storeId);
  return { storeId, key: ["themes", storeId] };
}

/** The store's themes, the active one first (the server's order). */
export function useThemes() {
  const { storeId, key } = useKey();
  return useQuery({
    queryKey: key,
    queryFn: async ({ signal }): Promise<ListData<Theme>> => {
      const themes = await api<Theme[]>(THEMES, { signal });
      return { rows: themes, total: themes.length };
    },
    enabled: Boolean(storeId),
  });
}

function useThemeChange<V, R>(call: (value: V) => Promise<R>) {
  const client = useQueryClient();
  const { key } = useKey();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: key }) });
}

export function useActivateTheme() {
  return useThemeChange((id: string) => api<Theme>(`${one(id)}/activate`, { method: "POST" }));
}

export function useCloneTheme() {
  return useThemeChange((id: string) => api<Theme>(`${one(id)}/clone`, { method: "POST", body: {} satisfies ThemeName }));
}

export function useDeleteTheme() {
  return useThemeChange((id: string) => api<unknown>(one(id), { method: "DELETE" }));
}
