// The Overview's controls: the store multi-select (the user's stores, every page of
// GET /users/stores by lastId), the date-range picker with a few presets, auto-refresh, the
// comparison with the previous period, the CSV export and a link to the live view.
import { Anchor, Button, Group, Menu, MultiSelect, Switch } from "@mantine/core";
import { DatePickerInput, type DatesRangeValue } from "@mantine/dates";
import "@mantine/dates/styles.css";
import { IconCalendar, IconDownload, IconLivePhoto } from "@tabler/icons-react";
import dayjs from "dayjs";
import "dayjs/locale/vi";
import { memo, useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDay } from "../../../core/formats";
import { useStores } from "../../../hooks/useStores";
import type { ExportReport } from "../api/exportCsv";

const DAY = "YYYY-MM-DD";

/** The chosen days (the `YYYY-MM-DD` strings given as the value) as the core writes a date in
 * the reader's language (`Nov 25, 2026` or `25/11/2026`): calendar days, read at UTC midnight. */
function rangeLabel(value: unknown, language: string): string {
  const days = (Array.isArray(value) ? value : [value]).filter((day): day is string => typeof day === "string");
  return days.map((day) => formatDay(day, language)).join(" – ");
}

export interface ControlsProps {
  stores: string[];
  onStores: (stores: string[]) => void;
  from: string | null;
  to: string | null;
  /** Today and yesterday in the store's zone, from the core. */
  today: string | null;
  yesterday: string | null;
  onRange: (from: string, to: string) => void;
  refresh: boolean;
  onRefresh: (on: boolean) => void;
  compare: boolean;
  onCompare: (on: boolean) => void;
  /** Test orders counted in the figures. */
  testOrders: boolean;
  onTestOrders: (on: boolean) => void;
  onExport: (report: ExportReport) => void;
  exporting: boolean;
  liveView: boolean;
}

/** Every store of the user, all pages read. */
function useAllStores() {
  const query = useStores();
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  return { stores: query.data?.pages.flatMap((page) => page.stores) ?? [], loading: query.isPending || hasNextPage };
}

export const Controls = memo(function Controls(props: ControlsProps) {
  const { t, i18n } = useTranslation();
  const all = useAllStores();
  const data = useMemo(() => {
    const known = all.stores.map((store) => ({ value: store.id, label: store.name }));
    // A store in the address that is not in the list still shows, by its id once the list is
    // complete; while it loads, by a short mark: a pill as long as an id pushed the search field
    // onto a line of its own, and the page below jumped when the name arrived.
    const missing = props.stores.filter((id) => !known.some((store) => store.value === id)).map((id) => ({ value: id, label: all.loading ? "…" : id }));
    return [...known, ...missing];
  }, [all.stores, all.loading, props.stores]);

  const { today, yesterday } = props;
  const presets = useMemo(() => {
    if (!today || !yesterday) return [];
    const back = (days: number) => dayjs(today).subtract(days, "day").format(DAY);
    return [
      { value: [today, today] as [string, string], label: t("overview.today") },
      { value: [yesterday, yesterday] as [string, string], label: t("overview.yesterday") },
      { value: [back(6), today] as [string, string], label: t("overview.last7") },
      { value: [back(29), today] as [string, string], label: t("overview.last30") },
      { value: [dayjs(today).startOf("month").format(DAY), today] as [string, string], label: t("overview.thisMonth") },
    ];
  }, [today, yesterday, t]);

  const onRange = (value: DatesRangeValue<string>) => {
    const [from, to] = value;
    if (from && to) props.onRange(from, to);
  };

  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <MultiSelect
        label={t("overview.stores")}
        placeholder={props.stores.length ? undefined : t("overview.storesPlaceholder")}
        data={data}
        value={props.stores}
        onChange={props.onStores}
        searchable
        clearable
        hidePickedOptions={false}
        maxValues={50}
        nothingFoundMessage={all.loading ? t("overview.loadingStores") : t("overview.noStores")}
        w={{ base: "100%", sm: 320 }}
        comboboxProps={{ withinPortal: true }}
      />
      <DatePickerInput
        type="range"
        label={t("overview.dateRange")}
        value={[props.from, props.to]}
        onChange={onRange}
        allowSingleDateInRange
        presets={presets}
        maxDate={today ?? undefined}
        locale={i18n.language === "vi" ? "vi" : "en"}
        valueFormatter={({ date }) => rangeLabel(date, i18n.language)}
        leftSection={<IconCalendar size={16} aria-hidden />}
        w={{ base: "100%", sm: 280 }}
        data-testid="date-range"
      />
      <Group gap="md" wrap="wrap" pb={6}>
        <Switch label={t("overview.autoRefresh")} checked={props.refresh} onChange={(event) => props.onRefresh(event.currentTarget.checked)} />
        <Switch label={t("overview.compare")} checked={props.compare} onChange={(event) => props.onCompare(event.currentTarget.checked)} />
        <Switch label={t("overview.testOrders")} checked={props.testOrders} onChange={(event) => props.onTestOrders(event.currentTarget.checked)} />
      </Group>
      <Group gap="xs" ml={{ sm: "auto" }}>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} loading={props.exporting}>
              {t("overview.export")}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => props.onExport("overview")}>{t("overview.exportOverview")}</Menu.Item>
            <Menu.Item onClick={() => props.onExport("paid-orders")}>{t("overview.exportOrders")}</Menu.Item>
          </Menu.Dropdown>
        </Menu>
        {props.liveView && (
          <Anchor component={Link} to="/analytics/live-view" size="sm" style={{ display: "inline-flex", alignItems: "center", gap: 4 }}>
            <IconLivePhoto size={16} aria-hidden />
            {t("overview.liveView")}
          </Anchor>
        )}
      </Group>
    </Group>
  );
});
