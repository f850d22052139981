// GET /api/users/stores?lastId=, page after page.
import { useInfiniteQuery } from "@tanstack/react-query";
import { api } from "../lib/api";
import type { StorePage } from "../types/generated/StorePage";

export function useStores() {
  return useInfiniteQuery({
    queryKey: ["users", "stores"],
    queryFn: ({ pageParam, signal }) =>
      api<StorePage>(pageParam ? `/users/stores?lastId=${encodeURIComponent(pageParam)}` : "/users/stores", {
        signal,
      }),
    initialPageParam: "",
    getNextPageParam: (page) => page.lastId ?? undefined,
  });
}
