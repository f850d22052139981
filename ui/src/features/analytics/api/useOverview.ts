// GET /stores/analytics/overview: the whole page in one call (funnel, sales with the chart's
// buckets, orders, AOV, conversion rate, locations, the previous period and the changes).
// With auto-refresh on it is asked again every 5 minutes (the core's constant).
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { shellConstants } from "../../../core";
import { api } from "../../../lib/api";
import type { Overview } from "../../../types/generated/Overview";
import { type ReportFilters, filtersKey, reportQuery } from "./filters";

/** The User Timing mark set when an answer arrives; the chart measures its repaint from it. */
export const DATA_MARK = "overview:data";

export function useOverview(filters: ReportFilters | null, refresh: boolean) {
  return useQuery({
    queryKey: ["analytics", "overview", ...(filters ? filtersKey(filters) : [])],
    queryFn: async ({ signal }) => {
      const overview = await api<Overview>(`/stores/analytics/overview?${reportQuery(filters!)}`, { signal });
      performance.mark(DATA_MARK);
      return overview;
    },
    enabled: filters !== null,
    placeholderData: keepPreviousData,
    refetchInterval: refresh ? shellConstants.analyticsRefreshMs : false,
    // Failures are swallowed (editor-and-analytics.md §8): no retry storm, a retry button.
    retry: false,
  });
}
