// Estimated profit (website.estimated-profit): sales less cost of goods, payment fees (the payout
// balance's rule) and shipping costs, per day and per product, over a range of the store's zone.
// The unit cost of each product or variant is entered here; units without one are shown as
// unknown and left out of the profit, never counted as free.
import { Alert, Badge, Button, Group, NumberInput, SimpleGrid, Stack, Table, Tabs, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { RowsSkeleton } from "../../../components/Skeletons";
import { checkUnitCost } from "../../../core";
import { errorText } from "../../../lib/errors";
import type { ProductCost } from "../../../types/generated/ProductCost";
import type { ProfitProduct } from "../../../types/generated/ProfitProduct";
import type { ProfitRow } from "../../../types/generated/ProfitRow";
import { Section } from "../../../components/records/DetailPage";
import { useCosts, useProfitReport, useSaveCost } from "../api/reports";
import { RangeBar, useReportParams } from "./RangeBar";
import { Figure, type ReportColumn, ReportTable } from "./ReportTable";
import { problemText } from "../utils/problems";
import { useFormats } from "../../../hooks/useFormats";
import { PAGE_WIDTH } from "../../../components/widths";

function CostRow({ cost }: { cost: ProductCost }) {
  const formats = useFormats();
  const { t } = useTranslation();
  const save = useSaveCost();
  const [value, setValue] = useState<number | "">(cost.unitCost ?? "");
  const [problem, setProblem] = useState<string | null>(null);
  const changed = (value === "" ? null : value) !== (cost.unitCost ?? null);
  function submit(event: FormEvent) {
    event.preventDefault();
    const found = value === "" ? null : problemText(checkUnitCost(value, formats.currency.code));
    setProblem(found);
    if (found) return;
    save.mutate(
      { productId: cost.productId, variantId: cost.variantId, unitCost: value === "" ? undefined : value },
      {
        onSuccess: () => notifications.show({ color: "green", message: t("reports.profit.costSaved", { title: cost.title }) }),
      },
    );
  }
  const label = t("reports.profit.unitCostOf", { title: cost.title });
  return (
    <Table.Tr>
      <Table.Td>{cost.title}</Table.Td>
      <Table.Td ta="right">{formats.money(cost.price)}</Table.Td>
      <Table.Td>
        <Group gap="xs" component="form" onSubmit={submit} wrap="nowrap" aria-label={label}>
          <NumberInput
            aria-label={label}
            size="xs"
            w={140}
            min={0}
            decimalScale={2}
            placeholder={t("reports.profit.noCost")}
            value={value}
            onChange={(next) => setValue(next === "" ? "" : Number(next))}
            error={problem ?? (save.error ? errorText(save.error) : undefined)}
          />
          <Button type="submit" size="xs" variant="light" loading={save.isPending} disabled={!changed}>
            {t("reports.profit.saveCost")}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

function CostList() {
  const { t } = useTranslation();
  const costs = useCosts();
  if (costs.isError)
    return (
      <Alert color="red" title={t("reports.loadFailed")}>
        {errorText(costs.error)}
      </Alert>
    );
  if (!costs.data) return <RowsSkeleton rows={4} columns={3} />;
  if (costs.data.length === 0) return <Text c="dimmed">{t("reports.profit.noProducts")}</Text>;
  return (
    <Table verticalSpacing="xs" aria-label={t("reports.profit.costs")}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t("reports.profit.product")}</Table.Th>
          <Table.Th ta="right">{t("reports.profit.price")}</Table.Th>
          <Table.Th>{t("reports.profit.unitCost")}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {costs.data.map((cost) => (
          <CostRow key={`${cost.productId}/${cost.variantId}/${cost.unitCost ?? ""}`} cost={cost} />
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function ProfitPage() {
  const formats = useFormats();
  const { t } = useTranslation();
  const params = useReportParams("day");
  const query = useProfitReport(params.range);
  const report = query.data;
  const unknownCost = (
    <Badge color="gray" variant="light">
      {t("reports.profit.unknown")}
    </Badge>
  );
  const amount = (value: number | null | undefined) => (value === null || value === undefined ? unknownCost : formats.money(value));

  const dayColumns: ReportColumn<ProfitRow>[] = [
    { key: "day", header: t("reports.profit.day"), value: (row) => row.key },
    { key: "orders", header: t("reports.sales.orders"), value: (row) => row.orders, numeric: true },
    { key: "sales", header: t("reports.profit.sales"), value: (row) => row.sales, render: (row) => formats.money(row.sales), numeric: true },
    {
      key: "unknown",
      header: t("reports.profit.withoutCost"),
      value: (row) => row.unknownCostSales,
      render: (row) => formats.money(row.unknownCostSales),
      numeric: true,
    },
    { key: "cogs", header: t("reports.profit.cogs"), value: (row) => row.costOfGoods, render: (row) => formats.money(row.costOfGoods), numeric: true },
    { key: "fees", header: t("reports.profit.fees"), value: (row) => row.paymentFees, render: (row) => formats.money(row.paymentFees), numeric: true },
    {
      key: "shipping",
      header: t("reports.profit.shipping"),
      value: (row) => row.shippingCosts,
      render: (row) => formats.money(row.shippingCosts),
      numeric: true,
    },
    { key: "profit", header: t("reports.profit.profit"), value: (row) => row.profit, render: (row) => formats.money(row.profit), numeric: true },
  ];
  const productColumns: ReportColumn<ProfitProduct>[] = [
    { key: "title", header: t("reports.profit.product"), value: (row) => row.title || t("reports.unknown") },
    { key: "units", header: t("reports.profit.units"), value: (row) => row.units, numeric: true },
    { key: "sales", header: t("reports.profit.sales"), value: (row) => row.sales, render: (row) => formats.money(row.sales), numeric: true },
    { key: "unitCost", header: t("reports.profit.unitCost"), value: (row) => row.unitCost ?? -1, render: (row) => amount(row.unitCost), numeric: true },
    { key: "cogs", header: t("reports.profit.cogs"), value: (row) => row.costOfGoods ?? -1, render: (row) => amount(row.costOfGoods), numeric: true },
    { key: "fees", header: t("reports.profit.fees"), value: (row) => row.paymentFees, render: (row) => formats.money(row.paymentFees), numeric: true },
    {
      key: "shipping",
      header: t("reports.profit.shipping"),
      value: (row) => row.shippingCosts,
      render: (row) => formats.money(row.shippingCosts),
      numeric: true,
    },
    {
      key: "profit",
      header: t("reports.profit.profit"),
      value: (row) => row.profit ?? Number.NEGATIVE_INFINITY,
      render: (row) => amount(row.profit),
      numeric: true,
    },
  ];
  const totals = report?.totals;

  return (
    <Stack gap="md" maw={PAGE_WIDTH.list} mx="auto">
      <Title order={1} fz="h2">
        {t("reports.profit.title")}
      </Title>
      <RangeBar params={params} shown={report?.range} />
      <SimpleGrid cols={{ base: 2, md: 5 }}>
        <Figure label={t("reports.profit.sales")} value={totals ? formats.money(totals.sales) : null} testId="profit-sales" />
        <Figure label={t("reports.profit.cogs")} value={totals ? formats.money(totals.costOfGoods) : null} />
        <Figure label={t("reports.profit.fees")} value={totals ? formats.money(totals.paymentFees) : null} />
        <Figure label={t("reports.profit.shipping")} value={totals ? formats.money(totals.shippingCosts) : null} />
        <Figure label={t("reports.profit.profit")} value={totals ? formats.money(totals.profit) : null} testId="profit-total" />
      </SimpleGrid>
      {totals && totals.unknownCostUnits > 0 && (
        <Alert color="yellow" title={t("reports.profit.unknownTitle")} data-testid="unknown-costs">
          {t("reports.profit.unknownBody", { count: totals.unknownCostUnits, sales: formats.money(totals.unknownCostSales) })}
        </Alert>
      )}
      <Tabs defaultValue="products" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="products">{t("reports.profit.byProduct")}</Tabs.Tab>
          <Tabs.Tab value="days">{t("reports.profit.byDay")}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="products" pt="sm">
          <ReportTable
            label={t("reports.profit.byProduct")}
            query={query}
            rows={report?.products}
            columns={productColumns}
            rowKey={(row) => `${row.productId}/${row.variantId}`}
            empty={t("reports.profit.empty")}
          />
        </Tabs.Panel>
        <Tabs.Panel value="days" pt="sm">
          <ReportTable
            label={t("reports.profit.byDay")}
            query={query}
            rows={report?.days}
            totals={report?.totals}
            columns={dayColumns}
            rowKey={(row) => row.key}
            empty={t("reports.profit.empty")}
          />
        </Tabs.Panel>
      </Tabs>
      <Section title={t("reports.profit.costs")}>
        <Text size="sm" c="dimmed" mb="sm">
          {t("reports.profit.costsHint")}
        </Text>
        <CostList />
      </Section>
    </Stack>
  );
}
