// The store's time zone: the page preference's standardTimezone (GET /stores/preferences),
// else the core's default, America/Los_Angeles. The preference is loaded before the page is
// used; a zone in the address wins over both. A staff member without the preferences scope
// cannot read the preference: for them the zone is the one the server resolved for today's
// Overview (it reads the same preference on its side).
import { useQuery } from "@tanstack/react-query";
import { mayOpen, shellConstants } from "../../../core";
import { useUserInfo } from "../../../hooks/useStoreData";
import { api } from "../../../lib/api";
import type { Overview } from "../../../types/generated/Overview";
import type { PagePreference } from "../../../types/generated/PagePreference";
import { useSession } from "../../../app/session";

/** The zone to use, or `null` while it is still loading. */
export function useStoreZone(asked: string | null): string | null {
  const storeId = useSession((state) => state.storeId);
  const user = useUserInfo();
  const scopes = user.data?.scopes;
  const readsPreference = scopes ? mayOpen("website.preferences", scopes) : undefined;
  const preference = useQuery({
    // The same key as the preferences screen, so a saved zone is seen here at once.
    queryKey: ["preferences", storeId],
    queryFn: ({ signal }) => api<PagePreference>("/stores/preferences", { signal }),
    enabled: Boolean(storeId) && !asked && readsPreference === true,
    retry: false,
  });
  const resolved = useQuery({
    queryKey: ["analytics", "zone", storeId],
    queryFn: async ({ signal }) => (await api<Overview>("/stores/analytics/overview", { signal })).current.range.timezone,
    enabled: Boolean(storeId) && !asked && readsPreference === false,
    retry: false,
    staleTime: Infinity,
  });
  if (asked) return asked;
  if (readsPreference === undefined) return user.isError ? shellConstants.defaultTimezone : null;
  const source = readsPreference ? preference : resolved;
  if (source.isPending) return null;
  const zone = readsPreference ? preference.data?.standardTimezone : resolved.data;
  return zone?.trim() || shellConstants.defaultTimezone;
}
