// The Overview dashboard (website.analytics; editor-and-analytics.md §2.1, §2.2, §4, §9). The
// view lives in the address (see ../urlState.ts): stores, from_time, to_time, tz, refresh and
// compare are read on load and written on every change, so an address reproduces the view.
// The range is resolved by the core's time-zone build (loaded with this page) in the store's
// zone: the page preference's standardTimezone, else America/Los_Angeles, loaded first when it
// is missing. The page's numbers all come from GET /stores/analytics/overview and
// /paid-orders; the math behind them (buckets, changes, rounding, conversion rate) is the
// core's, natively on the server and through WebAssembly here.
import { Alert, Button, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDay } from "../../../core/formats";
import { useSearchParams } from "react-router";
import { mayOpen, shellConstants } from "../../../core";
import { useUserInfo } from "../../../hooks/useStoreData";
import type { DateRange } from "../../../types/generated/DateRange";
import type { BucketSize } from "../../../types/generated/BucketSize";
import type { Overview } from "../../../types/generated/Overview";
import { useSession } from "../../../app/session";
import type { ReportFilters } from "../api/filters";
import { type ExportReport, useExportCsv } from "../api/exportCsv";
import { useOverview } from "../api/useOverview";
import { useStoreZone } from "../api/useStoreZone";
import { type OverviewUrlState, readUrlState, sameUrlState, writeUrlState } from "../utils/urlState";
import { Controls } from "./Controls";
import { LocationsPanel } from "./LocationsPanel";
import { PaidOrdersTable } from "./PaidOrdersTable";
import { RevenuePanel } from "./RevenuePanel";
import { type Comparison, StatCards } from "./StatCards";
import { PAGE_WIDTH } from "../../../components/widths";

type Zoned = typeof import("../../../core/zoned");

/** The core's time-zone build, loaded once with the page. */
function useZonedCore(): Zoned | null {
  const [zoned, setZoned] = useState<Zoned | null>(null);
  useEffect(() => {
    let live = true;
    void import("../../../core/zoned").then((module) => {
      if (live) setZoned(module);
    });
    return () => {
      live = false;
    };
  }, []);
  return zoned;
}

/** "Now", moved on with the auto-refresh so that today stays today. */
function useNow(refresh: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!refresh) return;
    const timer = setInterval(() => setNow(Date.now()), shellConstants.analyticsRefreshMs);
    return () => clearInterval(timer);
  }, [refresh]);
  return now;
}

interface Resolved {
  range: DateRange;
  today: DateRange;
  yesterday: DateRange;
  zone: string;
  /** The core's code when the address asked for a range or zone it refuses. */
  problem: string | null;
}

function codeOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The view's range in the zone by the core; a refused range or zone falls back to today in the
 * default zone, and says why. */
function resolve(zoned: Zoned, view: OverviewUrlState, zone: string, now: number): Resolved {
  let problem: string | null = null;
  let usable = zone;
  try {
    zoned.analyticsToday(zone, now);
  } catch (error) {
    problem = codeOf(error);
    usable = shellConstants.defaultTimezone;
  }
  let range: DateRange;
  try {
    range = zoned.analyticsRange(view.from ?? "", view.to ?? "", usable, now);
  } catch (error) {
    problem ??= codeOf(error);
    range = zoned.analyticsToday(usable, now);
  }
  return {
    range,
    today: zoned.analyticsToday(usable, now),
    yesterday: zoned.analyticsYesterday(usable, now),
    zone: usable,
    problem,
  };
}

export function OverviewPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => readUrlState(params), [params]);
  const storeId = useSession((state) => state.storeId);
  const user = useUserInfo();
  const zone = useStoreZone(view.tz);
  const zoned = useZonedCore();
  const now = useNow(view.refresh);

  const resolved = useMemo(() => (zoned && zone ? resolve(zoned, view, zone, now) : null), [zoned, zone, view, now]);
  const stores = useMemo(() => (view.stores.length ? view.stores : storeId ? [storeId] : []), [view.stores, storeId]);
  const filters = useMemo<ReportFilters | null>(
    () =>
      resolved && stores.length ? { stores, from: resolved.range.from, to: resolved.range.to, timezone: resolved.zone, testOrders: view.testOrders } : null,
    [resolved, stores, view.testOrders],
  );
  const overview = useOverview(filters, view.refresh);
  const exporter = useExportCsv();

  const update = useCallback(
    (patch: Partial<OverviewUrlState>) => {
      const next = { ...view, ...patch };
      if (!sameUrlState(next, view)) setParams(writeUrlState(next, params));
    },
    [view, params, setParams],
  );
  const onStores = useCallback((stores: string[]) => update({ stores }), [update]);
  const onRange = useCallback((from: string, to: string) => update({ from, to }), [update]);
  const onRefresh = useCallback((refresh: boolean) => update({ refresh }), [update]);
  const onCompare = useCallback((compare: boolean) => update({ compare }), [update]);
  const onTestOrders = useCallback((testOrders: boolean) => update({ testOrders }), [update]);
  const { mutate: exportCsv } = exporter;
  const onExport = useCallback((report: ExportReport) => filters && exportCsv({ filters, report }), [filters, exportCsv]);

  const data = overview.data;
  // The chart is cut the way the answer on screen was (it may still be the last view's).
  const bucketSize = useMemo<BucketSize | null>(() => (zoned && data ? zoned.analyticsBuckets(data.current.range).size : null), [zoned, data]);
  // A new answer repaints the chart first; the cards, the legend and the rest follow as a
  // deferred render, so they do not hold the chart's frame back.
  const deferred = useDeferredValue(data);
  const vsYesterday = t("overview.vsYesterday");
  const vsPrevious = t("overview.vsPrevious");
  const comparisonOf = useCallback(
    (answer: Overview | undefined): Comparison | null => {
      if (!answer) return null;
      if (answer.current.range.todayMode) return { changes: answer.changes, against: vsYesterday };
      if (view.compare) return { changes: answer.period_changes, against: vsPrevious };
      return null;
    },
    [view.compare, vsYesterday, vsPrevious],
  );
  const comparison = useMemo(() => comparisonOf(data), [comparisonOf, data]);
  const deferredComparison = useMemo(() => comparisonOf(deferred), [comparisonOf, deferred]);
  // While a new view is on its way the last one's numbers stay, dimmed, rather than jumping to
  // skeletons; the very first load shows skeletons.
  const stale = overview.isPlaceholderData;

  return (
    <Stack gap="md" maw={PAGE_WIDTH.list} mx="auto" w="100%">
      <Group justify="space-between" align="center" wrap="wrap" gap="xs">
        <Title order={1} fz="h2">
          {t("overview.title")}
        </Title>
        {resolved ? (
          <Text size="sm" c="dimmed" data-testid="overview-range">
            {resolved.range.from === resolved.range.to
              ? t("overview.rangeOne", { day: formatDay(resolved.range.from, i18n.language), zone: resolved.zone })
              : t("overview.rangeMany", {
                  from: formatDay(resolved.range.from, i18n.language),
                  to: formatDay(resolved.range.to, i18n.language),
                  zone: resolved.zone,
                })}
          </Text>
        ) : (
          // Until the range is resolved, a hidden line as long as one keeps its place, so that
          // the page below does not move down when it arrives (on a phone it wraps to a line of
          // its own).
          <Text size="sm" aria-hidden style={{ visibility: "hidden" }}>
            {t("overview.rangeOne", { day: "2000-01-01", zone: view.tz ?? shellConstants.defaultTimezone })}
          </Text>
        )}
      </Group>
      <Controls
        stores={stores}
        onStores={onStores}
        from={resolved?.range.from ?? null}
        to={resolved?.range.to ?? null}
        today={resolved?.today.from ?? null}
        yesterday={resolved?.yesterday.from ?? null}
        onRange={onRange}
        refresh={view.refresh}
        onRefresh={onRefresh}
        compare={view.compare}
        onCompare={onCompare}
        testOrders={view.testOrders}
        onTestOrders={onTestOrders}
        onExport={onExport}
        exporting={exporter.isPending}
        liveView={Boolean(user.data && mayOpen("website.live-view", user.data.scopes))}
      />
      {resolved?.problem && (
        <Alert color="yellow" title={t("overview.badAddress")} data-testid="overview-problem">
          {t(`overview.problems.${resolved.problem.replace(/^analytics\./, "")}`, { defaultValue: t("overview.problems.other") })}
        </Alert>
      )}
      {overview.isError && !overview.isFetching && (
        <Group gap="xs" justify="flex-end">
          <Button size="compact-sm" variant="subtle" onClick={() => void overview.refetch()}>
            {t("overview.retry")}
          </Button>
        </Group>
      )}
      <Stack gap="md" style={{ opacity: stale ? 0.6 : 1, transition: "opacity 150ms" }} aria-busy={overview.isFetching}>
        <StatCards overview={deferred} comparison={deferredComparison} />
        <RevenuePanel
          overview={data}
          comparison={comparison}
          compare={view.compare && !data?.current.range.todayMode}
          bucketSize={bucketSize}
          zone={data?.current.range.timezone ?? shellConstants.defaultTimezone}
        />
        <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="md">
          <PaidOrdersTable filters={filters} refresh={view.refresh} />
          <LocationsPanel rows={deferred?.current.locations} />
        </SimpleGrid>
      </Stack>
    </Stack>
  );
}
