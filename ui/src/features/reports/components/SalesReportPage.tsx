// Sales reports (website.sales-reports): the paid orders of a range in the store's zone, grouped
// by day, product, country or payment method: orders, gross sales, discounts, shipping, taxes, net
// and total sales, in a sortable table with the totals last, and the same as a CSV file.
import { Button, Group, SimpleGrid, Stack, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconArrowRight, IconDownload } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDay } from "../../../core/formats";
import { Link } from "react-router";
import { Choice } from "../../../components/Choice";

import { errorText } from "../../../lib/errors";
import type { SalesRow } from "../../../types/generated/SalesRow";
import { downloadSalesCsv, useSalesReport } from "../api/reports";
import { RangeBar, useReportParams } from "./RangeBar";
import { Figure, type ReportColumn, ReportTable } from "./ReportTable";
import { useFormats } from "../../../hooks/useFormats";
import { useOpenable } from "../../../hooks/useOpenable";
import { PAGE_WIDTH } from "../../../components/widths";

const GROUPS = ["day", "product", "country", "payment"] as const;

export function SalesReportPage() {
  const formats = useFormats();
  const { t, i18n } = useTranslation();
  // The limited menu's Analytics group has no Overview (shell.md §6): the report is a door.
  const overview = useOpenable("website.analytics");
  const params = useReportParams("day");
  const group = GROUPS.includes(params.group as (typeof GROUPS)[number]) ? params.group : "day";
  const query = useSalesReport(params.range, group);
  const report = query.data;
  const [exporting, setExporting] = useState(false);
  const unknown = t("reports.unknown");

  const columns: ReportColumn<SalesRow>[] = [
    {
      key: "label",
      header: t(`reports.sales.groups.${group}`),
      value: (row) => row.label || row.key,
      // A day reads in the core's date format; the value keeps the day's key, which sorts.
      render: (row) => (group === "day" && row.key ? formatDay(row.key, i18n.language) : row.label || unknown),
    },
    { key: "orders", header: t("reports.sales.orders"), value: (row) => row.orders, numeric: true },
    { key: "gross", header: t("reports.sales.gross"), value: (row) => row.grossSales, render: (row) => formats.money(row.grossSales), numeric: true },
    { key: "discounts", header: t("reports.sales.discounts"), value: (row) => row.discounts, render: (row) => formats.money(row.discounts), numeric: true },
    { key: "returns", header: t("reports.sales.returns"), value: (row) => row.returns, render: (row) => formats.money(row.returns), numeric: true },
    { key: "shipping", header: t("reports.sales.shipping"), value: (row) => row.shipping, render: (row) => formats.money(row.shipping), numeric: true },
    { key: "taxes", header: t("reports.sales.taxes"), value: (row) => row.taxes, render: (row) => formats.money(row.taxes), numeric: true },
    { key: "net", header: t("reports.sales.net"), value: (row) => row.netSales, render: (row) => formats.money(row.netSales), numeric: true },
    { key: "total", header: t("reports.sales.total"), value: (row) => row.totalSales, render: (row) => formats.money(row.totalSales), numeric: true },
  ];

  async function exportCsv() {
    setExporting(true);
    try {
      await downloadSalesCsv(params.range, group);
    } catch (error) {
      notifications.show({ color: "red", title: t("reports.sales.exportFailed"), message: errorText(error) });
    } finally {
      setExporting(false);
    }
  }

  return (
    <Stack gap="md" maw={PAGE_WIDTH.list} mx="auto">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} fz="h2">
          {t("reports.sales.title")}
        </Title>
        <Group gap="sm">
          {overview && (
            <Button component={Link} to={overview} variant="subtle" rightSection={<IconArrowRight size={16} />}>
              {t("reports.sales.openOverview")}
            </Button>
          )}
          <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => void exportCsv()} loading={exporting} disabled={!report}>
            {t("reports.sales.export")}
          </Button>
        </Group>
      </Group>
      <RangeBar params={params} shown={report?.range} />
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <Figure label={t("reports.sales.orders")} value={report ? String(report.totals.orders) : null} testId="sales-orders" />
        <Figure label={t("reports.sales.gross")} value={report ? formats.money(report.totals.grossSales) : null} />
        <Figure label={t("reports.sales.net")} value={report ? formats.money(report.totals.netSales) : null} testId="sales-net" />
        <Figure label={t("reports.sales.total")} value={report ? formats.money(report.totals.totalSales) : null} testId="sales-total" />
      </SimpleGrid>
      <Choice
        label={t("reports.sales.groupBy")}
        value={group}
        onChange={(value) => params.set({ group: value === "day" ? null : value })}
        data={GROUPS.map((value) => ({ value, label: t(`reports.sales.by.${value}`) }))}
        style={{ alignSelf: "flex-start" }}
      />
      <ReportTable
        key={group}
        label={t("reports.sales.title")}
        query={query}
        rows={report?.rows}
        totals={report?.totals}
        columns={columns}
        rowKey={(row) => row.key || "unknown"}
        empty={t("reports.sales.empty")}
      />
    </Stack>
  );
}
