// The theme list's calls: GET /stores/onlinestore/themes, and per theme POST .../{id}/activate,
// POST .../{id}/clone, PUT and DELETE .../{id}, POST .../{id}/preview; the templates
// (GET /stores/onlinestore/templates, POST /stores/onlinestore/template/{id}) and the storefront's
// theme type (PUT /stores/themeTypes/{id}). Each change refreshes the list.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import type { Theme } from "../../../types/generated/Theme";
import type { ThemeName } from "../../../types/generated/ThemeName";
import type { ThemePreviewLink } from "../../../types/generated/ThemePreviewLink";
import type { ThemeRename } from "../../../types/generated/ThemeRename";
import type { ThemeTemplate } from "../../../types/generated/ThemeTemplate";
import type { ThemeType } from "../../../types/generated/ThemeType";
import { useSession } from "../../../app/session";
import type { ListData } from "../../../components/records/ListPage";

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

export function useCloneTheme() {
  return useThemeChange((id: string) => api<Theme>(`${one(id)}/clone`, { method: "POST", body: {} satisfies ThemeName }));
}

export function useDeleteTheme() {
  return useThemeChange((id: string) => api<unknown>(one(id), { method: "DELETE" }));
}

const TEMPLATES = "/stores/onlinestore/templates";

/** The templates a theme can be made from (GET /stores/onlinestore/templates). */
export function useTemplates(enabled: boolean) {
  const storeId = useSession((state) => state.storeId);
  return useQuery({
    queryKey: ["themes", "templates", storeId],
    queryFn: ({ signal }) => api<ThemeTemplate[]>(TEMPLATES, { signal }),
    enabled: Boolean(storeId) && enabled,
    staleTime: Infinity,
  });
}

/** POST /stores/onlinestore/template/{id}: an unpublished theme made from a template. */
export function useAddFromTemplate() {
  return useThemeChange(({ template, name }: { template: string; name: string }) =>
    api<Theme>(`/stores/onlinestore/template/${encodeURIComponent(template)}`, { method: "POST", body: { name } satisfies ThemeName }),
  );
}

/** PUT /stores/onlinestore/themes/{id}: a theme's new name. */
export function useRenameTheme() {
  return useThemeChange(({ id, name }: { id: string; name: string }) => api<Theme>(one(id), { method: "PUT", body: { name } satisfies ThemeRename }));
}

/** Publishes a theme, then makes the storefront's theme type (PUT /stores/themeTypes/{family})
 * follow it, so the storefront and the editor's previews default to the family shown. */
export function usePublishTheme() {
  return useThemeChange(async (theme: Theme) => {
    const made = await api<Theme>(`${one(theme.id)}/activate`, { method: "POST" });
    await api<ThemeType>(`/stores/themeTypes/${encodeURIComponent(theme.family)}`, { method: "PUT" });
    return made;
  });
}

/** POST /stores/onlinestore/themes/{id}/preview: a signed storefront link showing the theme. */
export function previewLink(id: string): Promise<ThemePreviewLink> {
  return api<ThemePreviewLink>(`${one(id)}/preview`, { method: "POST" });
}
