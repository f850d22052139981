// GET /stores/analytics/export?report=overview|paid-orders: the view as CSV, saved through a
// download link. The call needs the bearer token (renewed like every call's), so it is fetched
// and handed to the browser as a blob rather than opened as a plain link.
import { useMutation } from "@tanstack/react-query";
import { apiResponse, saveDownload } from "../../../lib/api";
import { type ReportFilters, reportQuery } from "./filters";

export type ExportReport = "overview" | "paid-orders";

export function useExportCsv() {
  return useMutation({
    mutationFn: async ({ filters, report }: { filters: ReportFilters; report: ExportReport }) => {
      const response = await apiResponse(`/stores/analytics/export?${reportQuery(filters, { report })}`, {
        headers: { Accept: "text/csv" },
      });
      await saveDownload(response, `${report}-${filters.from}-${filters.to}.csv`);
    },
  });
}
