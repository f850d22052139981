// Block 2: the Revenue panel: Totals Sales, Totals Orders, AOV and CR with their changes, and
// the line chart (six 4-hour buckets for one day, a point a day otherwise; the buckets come
// from the server, cut by the core). The chart module is loaded lazily; until it arrives, and
// while the first answer is on its way, a skeleton of the same height holds its place. The
// chart's numbers are also in a table that screen readers read.
import { Paper, SimpleGrid, Skeleton, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { Suspense, lazy, useCallback, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { chartValue } from "../../../core";
import type { BucketSize } from "../../../types/generated/BucketSize";
import type { Overview } from "../../../types/generated/Overview";
import { StatCard, type Comparison } from "./StatCards";
import { formatDate, formatDay } from "../../../core/formats";
import { useFormats } from "../../../hooks/useFormats";

const RevenueChart = lazy(() => import("./RevenueChart"));

/** A bucket's start as the axis shows it: the hour for 4-hour buckets, the day otherwise. */
function bucketLabel(startMs: number, size: BucketSize, zone: string, language: string): string {
  return formatDate(startMs, zone, size === "fourHours" ? "time" : "dayMonth", language);
}

export function RevenuePanel({
  overview,
  comparison,
  compare,
  bucketSize,
  zone,
}: {
  overview: Overview | undefined;
  comparison: Comparison | null;
  compare: boolean;
  bucketSize: BucketSize | null;
  zone: string;
}) {
  const { t, i18n } = useTranslation();
  const formats = useFormats();
  const current = overview?.current;
  const percent = formats.percent;
  const metrics = [
    { id: "total-sales", label: t("overview.totalSales"), value: current && formats.money(current.sales.total_sales), change: comparison?.changes.total_sales },
    {
      id: "total-orders",
      label: t("overview.totalOrders"),
      value: current && formats.number(current.orders.total_orders),
      change: comparison?.changes.total_orders,
    },
    { id: "aov", label: t("overview.aov"), value: current && formats.money(current.aov.aov), change: comparison?.changes.aov },
    { id: "cr", label: t("overview.cr"), value: current && percent(current.conversion_rate), change: comparison?.changes.conversion_rate },
  ];

  const previousPeriod = overview?.previous;
  const language = i18n.language;
  const chart = useMemo(() => {
    if (!current || !previousPeriod || !bucketSize) return null;
    const span = (from: string, to: string) => (from === to ? formatDay(from, language) : `${formatDay(from, language)} – ${formatDay(to, language)}`);
    return {
      labels: current.sales.details.labels.map((start) => bucketLabel(start, bucketSize, zone, language)),
      current: { name: span(current.range.from, current.range.to), values: current.sales.details.dataset.map(chartValue) },
      previous: compare
        ? { name: span(previousPeriod.range.from, previousPeriod.range.to), values: previousPeriod.sales.details.dataset.map(chartValue) }
        : undefined,
    };
  }, [current, previousPeriod, bucketSize, zone, language, compare]);
  const format = useCallback((value: number) => formats.money(value), [formats]);

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="overview-revenue">
      <Stack gap="md">
        <Title order={2} fz="h4" id="overview-revenue">
          {t("overview.revenue")}
        </Title>
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
          {metrics.map((metric) => (
            <StatCard
              key={metric.id}
              testId={`metric-${metric.id}`}
              label={metric.label}
              value={metric.value ?? null}
              change={metric.change}
              against={comparison?.against ?? null}
            />
          ))}
        </SimpleGrid>
        {chart ? (
          <>
            <Suspense fallback={<Skeleton height={280} data-testid="chart-skeleton" />}>
              <RevenueChart labels={chart.labels} current={chart.current} previous={chart.previous} format={format} label={t("overview.chartLabel")} />
            </Suspense>
            {overview?.current.sales.total_sales === 0 && (
              <Text c="dimmed" size="sm" ta="center">
                {t("overview.noSales")}
              </Text>
            )}
            <VisuallyHidden>
              {/* Plain elements: this table is re-drawn with every answer, beside the chart. */}
              <table data-testid="chart-data">
                <caption>{t("overview.chartLabel")}</caption>
                <thead>
                  <tr>
                    <th>{t("overview.period")}</th>
                    <th>{t("overview.totalSales")}</th>
                    {chart.previous && <th>{t("overview.previousPeriod")}</th>}
                  </tr>
                </thead>
                <tbody>
                  {chart.labels.map((label, i) => (
                    <tr key={`${label}-${i}`}>
                      <td>{label}</td>
                      <td>{chart.current.values[i]}</td>
                      {chart.previous && <td>{chart.previous.values[i]}</td>}
                    </tr>
                  ))}
                </tbody>
              </table>
            </VisuallyHidden>
          </>
        ) : (
          <Skeleton height={280} data-testid="chart-skeleton" />
        )}
      </Stack>
    </Paper>
  );
}
