// The range of a report, kept in the address (so a reload or a shared link shows the same
// report): a preset of the last N days of the store's zone (today included), or two local days.
// The server turns either into the range in the store's zone and says which days it covered.
import { Button, Group, Text, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDay } from "../../../core/formats";
import { useSearchParams } from "react-router";
import { Choice } from "../../../components/Choice";
import { shellConstants } from "../../../core";
import type { DateRange } from "../../../types/generated/DateRange";
import type { RangeParams } from "../api/reports";

// The presets and the default are the core's (the server reads a range the same way).
const PRESETS = shellConstants.reportDayPresets.map(String);
const FIRST_SHOWN = String(shellConstants.reportDefaultDays);
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The report's range and grouping from the address. */
export function useReportParams(defaultGroup: string) {
  const [params, setParams] = useSearchParams();
  const from = params.get("from") ?? "";
  const to = params.get("to") ?? "";
  const days = params.get("days") ?? FIRST_SHOWN;
  const custom = DAY.test(from) && DAY.test(to);
  const range: RangeParams = custom ? { fromTime: from, toTime: to } : { lastDays: Number(PRESETS.includes(days) ? days : FIRST_SHOWN) };
  const group = params.get("group") ?? defaultGroup;
  function set(changes: Record<string, string | null>) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === "") next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  }
  return { range, custom, days, from, to, group, set };
}

export function RangeBar({ params, shown }: { params: ReturnType<typeof useReportParams>; shown: DateRange | undefined }) {
  const { t, i18n } = useTranslation();
  const [from, setFrom] = useState(params.from);
  const [to, setTo] = useState(params.to);
  function apply(event: FormEvent) {
    event.preventDefault();
    if (DAY.test(from) && DAY.test(to)) params.set({ from, to, days: null });
  }
  return (
    <Group gap="sm" wrap="wrap" align="flex-end">
      <Choice
        label={t("reports.range.label")}
        value={params.custom ? "custom" : params.days}
        onChange={(value) => {
          if (value !== "custom") params.set({ days: value === FIRST_SHOWN ? null : value, from: null, to: null });
        }}
        data={[
          ...PRESETS.map((days) => ({ value: days, label: days === "1" ? t("reports.range.today") : t("reports.range.lastDays", { count: Number(days) }) })),
          { value: "custom", label: t("reports.range.custom"), disabled: true },
        ]}
      />
      <Group gap="xs" align="flex-end" component="form" onSubmit={apply} wrap="wrap">
        <TextInput type="date" size="sm" label={t("reports.range.from")} value={from} onChange={(event) => setFrom(event.currentTarget.value)} w={160} />
        <TextInput type="date" size="sm" label={t("reports.range.to")} value={to} onChange={(event) => setTo(event.currentTarget.value)} w={160} />
        <Button type="submit" variant="default" size="sm" disabled={!DAY.test(from) || !DAY.test(to)}>
          {t("reports.range.apply")}
        </Button>
      </Group>
      {shown && (
        <Text size="sm" c="dimmed" data-testid="report-range">
          {t("reports.range.shown", { from: formatDay(shown.from, i18n.language), to: formatDay(shown.to, i18n.language), zone: shown.timezone })}
        </Text>
      )}
    </Group>
  );
}
