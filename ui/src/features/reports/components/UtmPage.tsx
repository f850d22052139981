// UTM (website.utm-analystics): sessions, conversions (sessions that completed checkout),
// orders and revenue by the utm_source, utm_medium or utm_campaign of each session's landing
// page over a range; and a link builder that composes a campaign link for the store, checked by
// the core.
import { Button, Code, CopyButton, Group, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { type UtmLinkInput, utmLink } from "../../../core";
import type { UtmRow } from "../../../types/generated/UtmRow";
import { Section } from "../../../components/records/DetailPage";
import { useStoreAddress, useUtmReport } from "../api/reports";
import { problemText } from "../utils/problems";
import { RangeBar, useReportParams } from "./RangeBar";
import { Figure, type ReportColumn, ReportTable } from "./ReportTable";
import { useFormats } from "../../../hooks/useFormats";
import { PAGE_WIDTH } from "../../../components/widths";

const GROUPS = ["source", "medium", "campaign"] as const;
const FIELDS = ["source", "medium", "campaign", "term", "content"] as const;

function LinkBuilder() {
  const { t } = useTranslation();
  const address = useStoreAddress();
  const [input, setInput] = useState<Omit<UtmLinkInput, "base"> & { base: string | null }>({
    base: null,
    path: "",
    source: "",
    medium: "",
    campaign: "",
    term: "",
    content: "",
  });
  const [result, setResult] = useState<{ link: string | null; problems: string[] } | null>(null);
  const base = input.base ?? address.data ?? "";
  function submit(event: FormEvent) {
    event.preventDefault();
    const verdict = utmLink({ ...input, base });
    setResult({ link: verdict.link, problems: verdict.problems.map((p) => problemText(p) ?? p.message) });
  }
  const change = (key: keyof typeof input, value: string) => setInput((current) => ({ ...current, [key]: value }));
  return (
    <Stack gap="sm" component="form" onSubmit={submit} aria-label={t("reports.utm.builder")}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t("reports.utm.base")} value={base} onChange={(event) => change("base", event.currentTarget.value)} />
        <TextInput
          label={t("reports.utm.path")}
          placeholder="/products/..."
          value={input.path}
          onChange={(event) => change("path", event.currentTarget.value)}
        />
        {FIELDS.map((field) => (
          <TextInput
            key={field}
            label={t(`reports.utm.fields.${field}`)}
            withAsterisk={field === "source" || field === "medium" || field === "campaign"}
            value={input[field]}
            onChange={(event) => change(field, event.currentTarget.value)}
          />
        ))}
      </SimpleGrid>
      <Group>
        <Button type="submit">{t("reports.utm.compose")}</Button>
      </Group>
      {result && result.problems.length > 0 && (
        <Stack gap={2} role="alert">
          {result.problems.map((problem) => (
            <Text key={problem} c="red" size="sm">
              {problem}
            </Text>
          ))}
        </Stack>
      )}
      {result?.link && (
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Code block style={{ flex: 1, wordBreak: "break-all", whiteSpace: "pre-wrap" }} data-testid="utm-link">
            {result.link}
          </Code>
          <CopyButton value={result.link}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy}>
                {copied ? t("reports.utm.copied") : t("reports.utm.copy")}
              </Button>
            )}
          </CopyButton>
        </Group>
      )}
    </Stack>
  );
}

export function UtmPage() {
  const formats = useFormats();
  const { t } = useTranslation();
  const params = useReportParams("source");
  const group = GROUPS.includes(params.group as (typeof GROUPS)[number]) ? params.group : "source";
  const query = useUtmReport(params.range, group);
  const report = query.data;
  const columns: ReportColumn<UtmRow>[] = [
    { key: "key", header: t(`reports.utm.by.${group}`), value: (row) => row.key, render: (row) => row.key || t("reports.utm.none") },
    { key: "sessions", header: t("reports.utm.sessions"), value: (row) => row.sessions, numeric: true },
    { key: "conversions", header: t("reports.utm.conversions"), value: (row) => row.conversions, numeric: true },
    { key: "rate", header: t("reports.utm.rate"), value: (row) => row.conversionRate, render: (row) => `${row.conversionRate}%`, numeric: true },
    { key: "orders", header: t("reports.sales.orders"), value: (row) => row.orders, numeric: true },
    { key: "revenue", header: t("reports.utm.revenue"), value: (row) => row.revenue, render: (row) => formats.money(row.revenue), numeric: true },
  ];
  const totals = report?.totals;
  return (
    <Stack gap="md" maw={PAGE_WIDTH.list} mx="auto">
      <Title order={1} fz="h2">
        {t("reports.utm.title")}
      </Title>
      <RangeBar params={params} shown={report?.range} />
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <Figure label={t("reports.utm.sessions")} value={totals ? String(totals.sessions) : null} testId="utm-sessions" />
        <Figure label={t("reports.utm.conversions")} value={totals ? String(totals.conversions) : null} testId="utm-conversions" />
        <Figure label={t("reports.sales.orders")} value={totals ? String(totals.orders) : null} />
        <Figure label={t("reports.utm.revenue")} value={totals ? formats.money(totals.revenue) : null} testId="utm-revenue" />
      </SimpleGrid>
      <SegmentedControl
        aria-label={t("reports.utm.groupBy")}
        value={group}
        onChange={(value) => params.set({ group: value === "source" ? null : value })}
        data={GROUPS.map((value) => ({ value, label: t(`reports.utm.by.${value}`) }))}
        style={{ alignSelf: "flex-start" }}
      />
      <ReportTable
        key={group}
        label={t("reports.utm.title")}
        query={query}
        rows={report?.rows.filter((row) => row.sessions > 0 || row.conversions > 0)}
        totals={report?.totals}
        columns={columns}
        rowKey={(row) => row.key || "none"}
        empty={t("reports.utm.empty")}
      />
      <Section title={t("reports.utm.builder")}>
        <Text size="sm" c="dimmed" mb="sm">
          {t("reports.utm.builderHint")}
        </Text>
        <LinkBuilder />
      </Section>
    </Stack>
  );
}
