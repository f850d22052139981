// GET /helpbase/public/customHTML: the help base's home HTML (homeHtml), shown as a help card,
// in the reader's language (`lang=vi`, English otherwise).
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "../../../lib/api";
import type { CustomHtml } from "../../../types/generated/CustomHtml";

export function useHelpHtml() {
  const { i18n } = useTranslation();
  const lang = i18n.language === "vi" ? "vi" : "en";
  return useQuery({
    queryKey: ["helpbase", "customHTML", lang],
    queryFn: ({ signal }) => api<CustomHtml>(`/helpbase/public/customHTML?lang=${lang}`, { signal, anonymous: true }),
    staleTime: 60 * 60 * 1000,
  });
}
