// An order's financial and fulfilment states as coloured badges, in the chosen language, and
// the mark of a test order (placed while the store was in test mode: no money was taken).
import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";

const FINANCIAL_COLOURS: Record<string, string> = {
  paid: "green",
  pending: "yellow",
  partially_refunded: "grape",
  refunded: "gray",
  voided: "gray",
};
const FULFILMENT_COLOURS: Record<string, string> = { fulfilled: "green", partial: "blue", unfulfilled: "orange", closed: "gray" };

export function FinancialBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={FINANCIAL_COLOURS[status] ?? "gray"}>
      {t(`orders.financial.${status}`, { defaultValue: status })}
    </Badge>
  );
}

export function TestBadge({ test }: { test: boolean }) {
  const { t } = useTranslation();
  if (!test) return null;
  return (
    // Beside the order's number in a narrow column: it keeps its width rather than shrink to a dot.
    <Badge variant="filled" color="dark" title={t("orders.testHint")} style={{ flexShrink: 0 }}>
      {t("orders.test")}
    </Badge>
  );
}

export function FulfilmentBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={FULFILMENT_COLOURS[status] ?? "gray"}>
      {t(`orders.fulfillment.${status}`, { defaultValue: status })}
    </Badge>
  );
}
