// The recovery status of an abandoned checkout as a badge.
import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";

export function AbandonedStatus({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={status === "recovered" ? "teal" : "orange"}>
      {t(`abandoned.status.${status === "recovered" ? "recovered" : "notRecovered"}`)}
    </Badge>
  );
}
