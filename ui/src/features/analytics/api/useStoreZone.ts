// The store's time zone: the page preference's standardTimezone (GET /stores/preferences),
// else the core's default, America/Los_Angeles. The preference is loaded before the page is
// used; a zone in the address wins over both.
import { useQuery } from "@tanstack/react-query";
import { shellConstants } from "../../../core";
import { api } from "../../../lib/api";
import type { PagePreference } from "../../../types/generated/PagePreference";
import { useSession } from "../../auth/store/session";

/** The zone to use, or `null` while the preference is still loading. */
export function useStoreZone(asked: string | null): string | null {
  const storeId = useSession((state) => state.storeId);
  const preference = useQuery({
    // The same key as the preferences screen, so a saved zone is seen here at once.
    queryKey: ["preferences", storeId],
    queryFn: ({ signal }) => api<PagePreference>("/stores/preferences", { signal }),
    enabled: Boolean(storeId) && !asked,
    retry: false,
  });
  if (asked) return asked;
  if (preference.isPending) return null;
  return preference.data?.standardTimezone?.trim() || shellConstants.defaultTimezone;
}
