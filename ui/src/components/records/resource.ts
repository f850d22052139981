// The calls of a store resource with the usual shape (list, one, create, replace, delete), as
// TanStack Query hooks. Each resource folder makes its own with `resource(...)`, so the screens
// share one behaviour: lists keep the previous page while the next loads, a save or delete
// refreshes the lists, and a saved record is the one shown.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { useSession } from "../../app/session";
import type { ListData } from "./ListPage";

export interface ResourceConfig<T> {
  /** The query key's first part. */
  key: string;
  /** The collection's path under /api, without a trailing slash. */
  path: string;
  /** Whether the collection's own address ends with a slash (the spec's content calls do). */
  slash?: boolean;
  /** Reads a list answer into rows and a total. */
  read: (answer: unknown) => ListData<T>;
}

export function resource<T, I>(config: ResourceConfig<T>) {
  const listPath = config.slash ? `${config.path}/` : config.path;
  const onePath = (id: string) => `${config.path}/${encodeURIComponent(id)}`;

  function useStoreId() {
    return useSession((state) => state.storeId);
  }

  function useList(params: Record<string, string | number | undefined>) {
    const storeId = useStoreId();
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) {
      if (value !== undefined && value !== "") search.set(key, String(value));
    }
    const query = search.toString();
    return useQuery({
      queryKey: [config.key, storeId, "list", query],
      queryFn: async ({ signal }) => config.read(await api<unknown>(`${listPath}${query ? `?${query}` : ""}`, { signal })),
      enabled: Boolean(storeId),
      placeholderData: keepPreviousData,
    });
  }

  function useOne(id: string | undefined) {
    const storeId = useStoreId();
    return useQuery({
      queryKey: [config.key, storeId, "one", id],
      queryFn: ({ signal }) => api<T>(onePath(id ?? ""), { signal }),
      enabled: Boolean(storeId && id),
    });
  }

  /** Creates (no id) or replaces (an id) a record. */
  function useSave(id: string | undefined) {
    const client = useQueryClient();
    const storeId = useStoreId();
    return useMutation({
      mutationFn: (input: I) => (id ? api<T>(onePath(id), { method: "PUT", body: input }) : api<T>(listPath, { method: "POST", body: input })),
      onSuccess: (saved) => {
        if (id) client.setQueryData([config.key, storeId, "one", id], saved);
        void client.invalidateQueries({ queryKey: [config.key, storeId, "list"] });
      },
    });
  }

  function useRemove(id: string | undefined) {
    const client = useQueryClient();
    const storeId = useStoreId();
    return useMutation({
      mutationFn: () => api<unknown>(onePath(id ?? ""), { method: "DELETE" }),
      onSuccess: () => {
        client.removeQueries({ queryKey: [config.key, storeId, "one", id] });
        void client.invalidateQueries({ queryKey: [config.key, storeId, "list"] });
      },
    });
  }

  return { useList, useOne, useSave, useRemove };
}
