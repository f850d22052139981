// GET /helpbase/public/customHTML: the help base's home HTML (homeHtml), shown as a help card.
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import type { CustomHtml } from "../../../types/generated/CustomHtml";

export function useHelpHtml() {
  return useQuery({
    queryKey: ["helpbase", "customHTML"],
    queryFn: ({ signal }) => api<CustomHtml>("/helpbase/public/customHTML", { signal, anonymous: true }),
    staleTime: 60 * 60 * 1000,
  });
}
