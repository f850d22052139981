// The live view's call: GET /stores/analytics/live, asked again every 30 seconds while the
// screen is open.
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import type { LiveView } from "../../../types/generated/LiveView";
import { useSession } from "../../../app/session";

/** How often the live view is asked again. */
export const LIVE_REFRESH_MS = 30_000;

export function useLiveView() {
  const storeId = useSession((state) => state.storeId);
  return useQuery({
    queryKey: ["live-view", storeId],
    queryFn: ({ signal }) => api<LiveView>("/stores/analytics/live", { signal }),
    enabled: Boolean(storeId),
    refetchInterval: LIVE_REFRESH_MS,
  });
}
