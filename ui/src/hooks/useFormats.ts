// The formats of the chosen store for the signed-in reader: its currency and time zone (from
// GET /stores/current, which every member may read) and the UI language.
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { type Formats, storeFormats } from "../core/formats";
import { useStoreStatus } from "./useStoreData";

export type { Formats };

export function useFormats(): Formats {
  const { i18n } = useTranslation();
  const { data } = useStoreStatus();
  const currency = data?.currency;
  const zone = data?.timezone;
  return useMemo(() => storeFormats(currency, zone, i18n.language), [currency, zone, i18n.language]);
}
