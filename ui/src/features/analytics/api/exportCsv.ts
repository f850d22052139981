// GET /stores/analytics/export?report=overview|paid-orders: the view as CSV, saved through a
// download link. The call needs the bearer token, so it is fetched and handed to the browser
// as a blob rather than opened as a plain link.
import { useMutation } from "@tanstack/react-query";
import { ApiError } from "../../../lib/api";
import { useSession } from "../../auth/store/session";
import { type ReportFilters, reportQuery } from "./filters";

export type ExportReport = "overview" | "paid-orders";

function fileName(disposition: string | null, fallback: string): string {
  const match = disposition?.match(/filename="([^"]+)"/);
  return match?.[1] ?? fallback;
}

export function useExportCsv() {
  const accessToken = useSession((state) => state.accessToken);
  const storeId = useSession((state) => state.storeId);
  return useMutation({
    mutationFn: async ({ filters, report }: { filters: ReportFilters; report: ExportReport }) => {
      const headers: Record<string, string> = { Accept: "text/csv" };
      if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
      if (storeId) headers["X-Store-Id"] = storeId;
      let response: Response;
      try {
        response = await fetch(`/api/stores/analytics/export?${reportQuery(filters, { report })}`, { headers });
      } catch {
        throw new ApiError(0, []);
      }
      if (!response.ok) throw new ApiError(response.status, []);
      const blob = await response.blob();
      const url = URL.createObjectURL(blob);
      const link = document.createElement("a");
      link.href = url;
      link.download = fileName(response.headers.get("Content-Disposition"), `${report}-${filters.from}-${filters.to}.csv`);
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    },
  });
}
