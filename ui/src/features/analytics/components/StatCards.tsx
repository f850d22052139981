// Block 1: the four stat cards of the funnel (labels from i18n, under `overview.`) with their
// change when there is a comparison.
import { Paper, SimpleGrid, Skeleton, Text } from "@mantine/core";
import { memo } from "react";
import { useTranslation } from "react-i18next";
import type { Overview } from "../../../types/generated/Overview";
import type { OverviewChanges } from "../../../types/generated/OverviewChanges";
import { Change } from "./Change";
import { useFormats } from "../../../hooks/useFormats";

export interface Comparison {
  changes: OverviewChanges;
  /** What the change is measured against (a translated text: yesterday or the previous period). */
  against: string;
}

export function StatCard({
  label,
  value,
  change,
  against,
  testId,
}: {
  label: string;
  value: string | null;
  change: number | undefined;
  against: string | null;
  testId: string;
}) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId} aria-busy={value === null}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Skeleton visible={value === null} width={value === null ? "50%" : undefined} mt={4}>
        <Text fz={26} fw={700} lh={1.3} data-testid="value">
          {value ?? "\u00a0"}
        </Text>
      </Skeleton>
      <div style={{ minHeight: 22 }}>
        <Change value={change} against={against} />
      </div>
    </Paper>
  );
}

export const StatCards = memo(function StatCards({ overview, comparison }: { overview: Overview | undefined; comparison: Comparison | null }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const count = (value: number | undefined) => (value === undefined ? null : formats.number(value));
  const funnel = overview?.current.conversion;
  const cards = [
    { id: "visitors", label: t("overview.visitors"), value: funnel?.vistors.value, change: comparison?.changes.vistors },
    { id: "view-product", label: t("overview.viewProduct"), value: funnel?.view_content.value, change: comparison?.changes.view_content },
    { id: "added-to-cart", label: t("overview.addedToCart"), value: funnel?.add_to_cart.value, change: comparison?.changes.add_to_cart },
    {
      id: "reached-checkout",
      label: t("overview.reachedCheckout"),
      value: funnel?.reached_checkout.value,
      change: comparison?.changes.reached_checkout,
    },
  ];
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: "xs", sm: "md" }} component="section" aria-label={t("overview.funnel")}>
      {cards.map((card) => (
        <StatCard
          key={card.id}
          testId={`stat-${card.id}`}
          label={card.label}
          value={count(card.value)}
          change={card.change}
          against={comparison?.against ?? null}
        />
      ))}
    </SimpleGrid>
  );
});
