// The record kinds of the screens the spec names by route only: size charts, product option
// sets, reviews, catalogs, product feeds, cache purges and bulk updates. Each is a spec for the
// shared record screens: its calls, its empty value, its columns and its fields.
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  CopyButton,
  Group,
  MultiSelect,
  Rating,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Table,
  TagsInput,
  Text,
  TextInput,
  Textarea,
} from "@mantine/core";
import { IconCheck, IconCopy, IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { contentChoices, recordChoices } from "../../../core";
import type { BulkUpdate } from "../../../types/generated/BulkUpdate";
import type { CachePurge } from "../../../types/generated/CachePurge";
import type { Catalog } from "../../../types/generated/Catalog";
import type { OptionSet } from "../../../types/generated/OptionSet";
import type { ProductFeed } from "../../../types/generated/ProductFeed";
import type { Review } from "../../../types/generated/Review";
import type { SizeChart } from "../../../types/generated/SizeChart";
import { collections } from "../../collections";
import type { Formats } from "../../../hooks/useFormats";
import { products } from "../../products";
import type { FieldsProps, RecordSpec } from "./RecordPages";
import { recordResource } from "../api/records";
import { MoneyInput } from "../../../components/MoneyInput";

const updated = (formats: Formats) => ({
  key: "updated",
  header: "",
  render: (row: { updatedAt: number }) => formats.date(row.updatedAt),
});

/** The store's collections as choices (the first page of the largest the server gives). */
function useCollectionChoices() {
  const list = collections.useList({ page: 1, limit: 250 });
  return (list.data?.rows ?? []).map((c) => ({ value: c.id, label: c.title }));
}

function useProductChoices() {
  const list = products.useList({ page: 1, limit: 250 });
  return (list.data?.rows ?? []).map((p) => ({ value: p.id, label: p.title }));
}

// Size charts ---------------------------------------------------------------------------------

function SizeChartFields({ value, change }: FieldsProps<SizeChart>) {
  const { t } = useTranslation();
  const collectionChoices = useCollectionChoices();
  const setCell = (row: number, column: number, text: string) =>
    change(
      "rows",
      value.rows.map((cells, r) => (r === row ? cells.map((cell, c) => (c === column ? text : cell)) : cells)),
    );
  const addColumn = () => {
    change("columns", [...value.columns, ""]);
    change(
      "rows",
      value.rows.map((cells) => [...cells, ""]),
    );
  };
  const removeColumn = (column: number) => {
    change(
      "columns",
      value.columns.filter((_, c) => c !== column),
    );
    change(
      "rows",
      value.rows.map((cells) => cells.filter((_, c) => c !== column)),
    );
  };
  return (
    <>
      <TextInput label={t("records.fields.name")} required value={value.name} onChange={(e) => change("name", e.currentTarget.value)} />
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t("records.sizeCharts.unit")}
        </Text>
        <SegmentedControl
          value={value.unit}
          onChange={(unit) => change("unit", unit)}
          data={recordChoices.sizeUnits.map((unit) => ({ value: unit, label: unit }))}
          w="fit-content"
        />
      </Stack>
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t("records.sizeCharts.table")}
        </Text>
        <Table withTableBorder withColumnBorders>
          <Table.Thead>
            <Table.Tr>
              {value.columns.map((heading, c) => (
                <Table.Th key={c}>
                  <Group gap={4} wrap="nowrap">
                    <TextInput
                      size="xs"
                      aria-label={t("records.sizeCharts.heading", { n: c + 1 })}
                      value={heading}
                      onChange={(e) =>
                        change(
                          "columns",
                          value.columns.map((old, i) => (i === c ? e.currentTarget.value : old)),
                        )
                      }
                    />
                    {value.columns.length > 1 && (
                      <ActionIcon variant="subtle" color="red" aria-label={t("records.sizeCharts.removeColumn", { n: c + 1 })} onClick={() => removeColumn(c)}>
                        <IconTrash size={14} />
                      </ActionIcon>
                    )}
                  </Group>
                </Table.Th>
              ))}
              <Table.Th w={40} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {value.rows.map((cells, r) => (
              <Table.Tr key={r}>
                {cells.map((cell, c) => (
                  <Table.Td key={c}>
                    <TextInput
                      size="xs"
                      aria-label={t("records.sizeCharts.cell", { row: r + 1, column: c + 1 })}
                      value={cell}
                      onChange={(e) => setCell(r, c, e.currentTarget.value)}
                    />
                  </Table.Td>
                ))}
                <Table.Td>
                  {value.rows.length > 1 && (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t("records.sizeCharts.removeRow", { n: r + 1 })}
                      onClick={() =>
                        change(
                          "rows",
                          value.rows.filter((_, i) => i !== r),
                        )
                      }
                    >
                      <IconTrash size={14} />
                    </ActionIcon>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPlus size={14} />}
            disabled={value.rows.length >= recordChoices.sizeChartRowsMax}
            onClick={() => change("rows", [...value.rows, value.columns.map(() => "")])}
          >
            {t("records.sizeCharts.addRow")}
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPlus size={14} />}
            disabled={value.columns.length >= recordChoices.sizeChartColumnsMax}
            onClick={addColumn}
          >
            {t("records.sizeCharts.addColumn")}
          </Button>
        </Group>
      </Stack>
      <MultiSelect
        label={t("records.sizeCharts.collections")}
        description={t("records.sizeCharts.collectionsHint")}
        data={collectionChoices}
        value={value.collectionIds}
        onChange={(ids) => change("collectionIds", ids)}
        searchable
        clearable
      />
    </>
  );
}

export const sizeCharts: RecordSpec<SizeChart> = {
  kind: "size-charts",
  texts: "sizeCharts",
  route: "website.sizechart",
  records: recordResource<SizeChart>("size-charts", "/stores/size-charts"),
  empty: { name: "", unit: "cm", columns: ["Size", "Chest", "Length"], rows: [["S", "", ""]], collectionIds: [] },
  columns: (t, formats) => [
    { key: "name", header: t("records.fields.name"), render: (row) => <Text fw={600}>{row.data.name}</Text> },
    {
      key: "size",
      header: t("records.sizeCharts.size"),
      render: (row) => t("records.sizeCharts.sizeValue", { rows: row.data.rows.length, columns: row.data.columns.length }),
    },
    { key: "unit", header: t("records.sizeCharts.unit"), render: (row) => row.data.unit },
    { ...updated(formats), header: t("records.fields.updated") },
  ],
  Fields: SizeChartFields,
  editable: true,
  title: (value) => value.name,
};

// Product option sets ---------------------------------------------------------------------------

function OptionSetFields({ value, change }: FieldsProps<OptionSet>) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput label={t("records.fields.name")} required value={value.name} onChange={(e) => change("name", e.currentTarget.value)} />
      <Select
        label={t("records.optionSets.display")}
        data={recordChoices.optionDisplays.map((display) => ({ value: display, label: t(`records.optionSets.displays.${display}`) }))}
        value={value.display}
        onChange={(display) => display && change("display", display)}
        allowDeselect={false}
      />
      <TagsInput
        label={t("records.optionSets.values")}
        description={t("records.optionSets.valuesHint")}
        value={value.values}
        onChange={(values) => change("values", values)}
      />
    </>
  );
}

export const optionSets: RecordSpec<OptionSet> = {
  kind: "option-sets",
  texts: "optionSets",
  route: "website.menufilter",
  records: recordResource<OptionSet>("option-sets", "/stores/product-options"),
  empty: { name: "", display: "buttons", values: [] },
  columns: (t, formats) => [
    { key: "name", header: t("records.fields.name"), render: (row) => <Text fw={600}>{row.data.name}</Text> },
    { key: "display", header: t("records.optionSets.display"), render: (row) => t(`records.optionSets.displays.${row.data.display}`) },
    {
      key: "values",
      header: t("records.optionSets.values"),
      render: (row) => (
        <Group gap={4}>
          {row.data.values.slice(0, 6).map((v) => (
            <Badge key={v} variant="light" color="gray">
              {v}
            </Badge>
          ))}
          {row.data.values.length > 6 && <Text size="xs">+{row.data.values.length - 6}</Text>}
        </Group>
      ),
    },
    { ...updated(formats), header: t("records.fields.updated") },
  ],
  Fields: OptionSetFields,
  editable: true,
  title: (value) => value.name,
};

// Reviews ---------------------------------------------------------------------------------------

function ReviewFields({ value, change }: FieldsProps<Review>) {
  const { t } = useTranslation();
  const productChoices = useProductChoices();
  return (
    <>
      <Select
        label={t("records.reviews.product")}
        required
        searchable
        data={productChoices}
        value={value.productId || null}
        onChange={(id) => change("productId", id ?? "")}
      />
      <TextInput label={t("records.reviews.author")} required value={value.author} onChange={(e) => change("author", e.currentTarget.value)} />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="review-rating">
          {t("records.reviews.rating")}
        </Text>
        <Rating value={value.rating} onChange={(rating) => change("rating", rating)} aria-labelledby="review-rating" />
      </Stack>
      <TextInput label={t("records.reviews.reviewTitle")} value={value.title} onChange={(e) => change("title", e.currentTarget.value)} />
      <Textarea label={t("records.reviews.body")} autosize minRows={4} value={value.body} onChange={(e) => change("body", e.currentTarget.value)} />
      <Switch label={t("records.reviews.published")} checked={value.published} onChange={(e) => change("published", e.currentTarget.checked)} />
    </>
  );
}

export const reviews: RecordSpec<Review> = {
  kind: "reviews",
  texts: "reviews",
  route: "website.apps.product-review.list",
  records: recordResource<Review>("reviews", "/stores/apps/product-reviews"),
  empty: { productId: "", author: "", rating: 5, title: "", body: "", published: true },
  columns: (t, formats) => [
    { key: "author", header: t("records.reviews.author"), render: (row) => <Text fw={600}>{row.data.author}</Text> },
    { key: "rating", header: t("records.reviews.rating"), render: (row) => <Rating value={row.data.rating} readOnly size="sm" /> },
    { key: "title", header: t("records.reviews.reviewTitle"), render: (row) => <Text lineClamp={1}>{row.data.title || row.data.body}</Text> },
    {
      key: "status",
      header: t("records.reviews.status"),
      render: (row) => (
        <Badge variant="light" color={row.data.published ? "green" : "gray"}>
          {row.data.published ? t("records.reviews.published") : t("records.reviews.hidden")}
        </Badge>
      ),
    },
    { ...updated(formats), header: t("records.fields.updated") },
  ],
  Fields: ReviewFields,
  editable: true,
  title: (value) => value.author,
};

// Catalogs --------------------------------------------------------------------------------------

function CatalogFields({ value, change }: FieldsProps<Catalog>) {
  const { t } = useTranslation();
  const collectionChoices = useCollectionChoices();
  return (
    <>
      <TextInput label={t("records.fields.name")} required value={value.name} onChange={(e) => change("name", e.currentTarget.value)} />
      <Select
        label={t("records.catalogs.channel")}
        data={recordChoices.salesChannels.map((c) => ({ value: c.key, label: c.name }))}
        value={value.channel}
        onChange={(channel) => channel && change("channel", channel)}
        allowDeselect={false}
      />
      <Select
        label={t("records.catalogs.collection")}
        description={t("records.catalogs.collectionHint")}
        placeholder={t("records.catalogs.allProducts")}
        clearable
        searchable
        data={collectionChoices}
        value={value.collectionId ?? null}
        onChange={(id) => change("collectionId", id ?? undefined)}
      />
    </>
  );
}

export const catalogs: RecordSpec<Catalog> = {
  kind: "catalogs",
  texts: "catalogs",
  route: "website.catalog",
  records: recordResource<Catalog>("catalogs", "/stores/catalogs"),
  empty: { name: "", channel: "google" },
  columns: (t, formats) => [
    { key: "name", header: t("records.fields.name"), render: (row) => <Text fw={600}>{row.data.name}</Text> },
    {
      key: "channel",
      header: t("records.catalogs.channel"),
      render: (row) => recordChoices.salesChannels.find((c) => c.key === row.data.channel)?.name ?? row.data.channel,
    },
    {
      key: "scope",
      header: t("records.catalogs.collection"),
      render: (row) => (row.data.collectionId ? t("records.catalogs.oneCollection") : t("records.catalogs.allProducts")),
    },
    { ...updated(formats), header: t("records.fields.updated") },
  ],
  Fields: CatalogFields,
  editable: true,
  title: (value) => value.name,
};

// Product feeds ---------------------------------------------------------------------------------

function ProductFeedFields({ value, change }: FieldsProps<ProductFeed>) {
  const { t } = useTranslation();
  const list = catalogs.records.useList({ page: 1, limit: 250 });
  const choices = (list.data?.rows ?? []).map((c) => ({ value: c.id, label: c.data.name }));
  return (
    <>
      <TextInput label={t("records.fields.name")} required value={value.name} onChange={(e) => change("name", e.currentTarget.value)} />
      <Select
        label={t("records.productFeeds.catalog")}
        description={choices.length === 0 && list.isSuccess ? t("records.productFeeds.noCatalogs") : undefined}
        required
        data={choices}
        value={value.catalogId || null}
        onChange={(id) => change("catalogId", id ?? "")}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t("records.productFeeds.format")}
        </Text>
        <SegmentedControl
          value={value.format}
          onChange={(format) => change("format", format)}
          data={recordChoices.feedFormats.map((format) => ({ value: format, label: format.toUpperCase() }))}
          w="fit-content"
        />
      </Stack>
    </>
  );
}

/** A feed's public address. */
export function feedUrl(id: string): string {
  return `${window.location.origin}/api/public/feeds/${encodeURIComponent(id)}`;
}

function FeedAddress({ id }: { id: string }) {
  const { t } = useTranslation();
  const url = feedUrl(id);
  return (
    <Group gap={4} wrap="nowrap" onClick={(event) => event.stopPropagation()}>
      <Anchor href={url} target="_blank" rel="noreferrer" size="sm" maw={260} truncate>
        {url}
      </Anchor>
      <CopyButton value={url}>
        {({ copied, copy }) => (
          <ActionIcon variant="subtle" aria-label={copied ? t("records.productFeeds.copied") : t("records.productFeeds.copy")} onClick={copy}>
            {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
          </ActionIcon>
        )}
      </CopyButton>
    </Group>
  );
}

export const productFeeds: RecordSpec<ProductFeed> = {
  kind: "product-feeds",
  texts: "productFeeds",
  route: "website.product-feeds",
  records: recordResource<ProductFeed>("product-feeds", "/stores/product-feeds"),
  empty: { name: "", catalogId: "", format: "xml" },
  columns: (t, formats) => [
    { key: "name", header: t("records.fields.name"), render: (row) => <Text fw={600}>{row.data.name}</Text> },
    { key: "format", header: t("records.productFeeds.format"), render: (row) => row.data.format.toUpperCase() },
    { key: "url", header: t("records.productFeeds.address"), render: (row) => <FeedAddress id={row.id} /> },
    { ...updated(formats), header: t("records.fields.updated") },
  ],
  Fields: ProductFeedFields,
  editable: true,
  title: (value) => value.name,
};

// Cache purges ----------------------------------------------------------------------------------

function CachePurgeFields({ value, change }: FieldsProps<CachePurge>) {
  const { t } = useTranslation();
  // The text as typed (blank lines included); the record keeps the non-blank lines.
  const [text, setText] = useState(value.urls.join("\n"));
  return (
    <Textarea
      label={t("records.cachePurges.urls")}
      description={t("records.cachePurges.urlsHint")}
      autosize
      minRows={6}
      value={text}
      onChange={(e) => {
        const typed = e.currentTarget.value;
        setText(typed);
        change(
          "urls",
          typed
            .split("\n")
            .map((line) => line.trim())
            .filter(Boolean),
        );
      }}
    />
  );
}

export const cachePurges: RecordSpec<CachePurge> = {
  kind: "cache-purges",
  texts: "cachePurges",
  route: "website.clearCacheUrls",
  records: recordResource<CachePurge>("cache-purges", "/stores/cache-purges"),
  empty: { urls: [] },
  columns: (t, formats) => [
    {
      key: "urls",
      header: t("records.cachePurges.urls"),
      render: (row) => (
        <Text size="sm" lineClamp={2}>
          {row.data.urls.join(", ")}
        </Text>
      ),
    },
    { key: "purged", header: t("records.cachePurges.purged"), align: "right", render: (row) => row.data.purged ?? 0 },
    { ...updated(formats), header: t("records.fields.when") },
  ],
  Fields: CachePurgeFields,
  editable: false,
};

// Bulk updates ----------------------------------------------------------------------------------

function BulkUpdateFields({ value, change }: FieldsProps<BulkUpdate>) {
  const { t } = useTranslation();
  const collectionChoices = useCollectionChoices();
  const isStatus = value.field === "status";
  return (
    <>
      <Select
        label={t("records.bulkUpdates.products")}
        placeholder={t("records.catalogs.allProducts")}
        clearable
        searchable
        data={collectionChoices}
        value={value.collectionId ?? null}
        onChange={(id) => change("collectionId", id ?? undefined)}
      />
      <Select
        label={t("records.bulkUpdates.field")}
        data={recordChoices.bulkFields.map((field) => ({ value: field, label: t(`records.bulkUpdates.fields.${field}`) }))}
        value={value.field}
        onChange={(field) => {
          if (!field) return;
          change("field", field);
          change("operation", "set");
        }}
        allowDeselect={false}
      />
      {isStatus ? (
        <Select
          label={t("records.bulkUpdates.status")}
          data={contentChoices.productStatuses.map((status) => ({ value: status, label: t(`products.statuses.${status}`) }))}
          value={value.status ?? null}
          onChange={(status) => change("status", status ?? undefined)}
        />
      ) : (
        <>
          <Select
            label={t("records.bulkUpdates.operation")}
            data={recordChoices.priceOperations.map((operation) => ({ value: operation, label: t(`records.bulkUpdates.operations.${operation}`) }))}
            value={value.operation}
            onChange={(operation) => operation && change("operation", operation)}
            allowDeselect={false}
          />
          <MoneyInput
            label={value.operation === "set" ? t("records.bulkUpdates.amount") : t("records.bulkUpdates.percent")}
            min={0}
            value={value.amount}
            onValue={(amount) => change("amount", amount ?? 0)}
          />
        </>
      )}
    </>
  );
}

export const bulkUpdates: RecordSpec<BulkUpdate> = {
  kind: "bulk-updates",
  texts: "bulkUpdates",
  route: "website.bulkupdates",
  records: recordResource<BulkUpdate>("bulk-updates", "/stores/bulk-updates"),
  empty: { field: "price", operation: "increasePercent", amount: 10 },
  columns: (t, formats) => [
    {
      key: "change",
      header: t("records.bulkUpdates.change"),
      render: (row) =>
        row.data.field === "status"
          ? t("records.bulkUpdates.statusTo", { status: t(`products.statuses.${row.data.status ?? "active"}`) })
          : `${t(`records.bulkUpdates.fields.${row.data.field}`)}: ${t(`records.bulkUpdates.operations.${row.data.operation}`)} ${row.data.amount}`,
    },
    {
      key: "scope",
      header: t("records.bulkUpdates.products"),
      render: (row) => (row.data.collectionId ? t("records.catalogs.oneCollection") : t("records.catalogs.allProducts")),
    },
    { key: "affected", header: t("records.bulkUpdates.affected"), align: "right", render: (row) => row.data.affected ?? 0 },
    { ...updated(formats), header: t("records.fields.when") },
  ],
  Fields: BulkUpdateFields,
  editable: false,
};

/** Every record kind by its list's route name. */
export const recordSpecs: Record<string, RecordSpec<never>> = Object.fromEntries(
  [sizeCharts, optionSets, reviews, catalogs, productFeeds, cachePurges, bulkUpdates].map((spec) => [spec.route, spec as unknown as RecordSpec<never>]),
);
