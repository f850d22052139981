// The calls of the store's smaller records and settings: a record list is the usual resource
// with `StoreRecord` rows; a setting is one value read and replaced at one address.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import type { RecordList } from "../../../types/generated/RecordList";
import type { StoreRecord } from "../../../types/generated/StoreRecord";
import { useSession } from "../../../app/session";
import { resource } from "../../../components/records/resource";

export function recordResource<T>(key: string, path: string) {
  return resource<StoreRecord<T>, T>({
    key,
    path,
    read: (answer) => {
      const list = answer as RecordList<T>;
      return { rows: list.records, total: Number(list.total) };
    },
  });
}

export type RecordResource<T> = ReturnType<typeof recordResource<T>>;

/** A setting of the store: its value (the defaults until saved) and Save. */
export function useSetting<T>(key: string, path: string) {
  const storeId = useSession((state) => state.storeId);
  const client = useQueryClient();
  const query = useQuery({
    queryKey: [key, storeId],
    queryFn: ({ signal }) => api<T>(path, { signal }),
    enabled: Boolean(storeId),
  });
  const save = useMutation({
    mutationFn: (value: T) => api<T>(path, { method: "PUT", body: value }),
    onSuccess: (saved) => client.setQueryData([key, storeId], saved),
  });
  return { query, save };
}
