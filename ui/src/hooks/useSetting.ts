// A setting of the store: one value read and replaced at one address (the defaults until saved),
// and Save, whose answer becomes the value read.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../lib/api";
import { useSession } from "../app/session";

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
