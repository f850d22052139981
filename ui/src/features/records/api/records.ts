// The calls of the store's smaller records: a record list is the usual resource with
// `StoreRecord` rows (a setting is `hooks/useSetting`).
import type { RecordList } from "../../../types/generated/RecordList";
import type { StoreRecord } from "../../../types/generated/StoreRecord";
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
