// English / Vietnamese switch; i18n remembers the choice.
import { SegmentedControl } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { LANGUAGES } from "../i18n";

const LABELS: Record<(typeof LANGUAGES)[number], string> = { en: "English", vi: "Tiếng Việt" };

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <SegmentedControl
      size="xs"
      aria-label={t("app.language")}
      value={i18n.resolvedLanguage ?? "en"}
      onChange={(language) => void i18n.changeLanguage(language)}
      data={LANGUAGES.map((value) => ({ value, label: LABELS[value] }))}
    />
  );
}
