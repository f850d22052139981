// Screens that change many products in one save: inventory (stock per variant) and the bulk
// editor (title, prices and status per product). Both page through the store's products on the
// server, keep the changes typed across pages until saved, check them with the core and send
// them in one call that writes all or nothing.
import { Button, Group, NumberInput, Select, Stack, Text, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { checkProductPatches, checkStock, contentChoices, recordChoices, shellConstants } from "../../../core";
import { api } from "../../../lib/api";
import type { Changed } from "../../../types/generated/Changed";
import type { Product } from "../../../types/generated/Product";
import type { ProductPatch } from "../../../types/generated/ProductPatch";
import type { StockChange } from "../../../types/generated/StockChange";
import { useSession } from "../../../app/session";
import { type Column, ListPage, useListParams } from "../../../components/records/ListPage";
import { FormProblems } from "../../../components/records/FormProblems";
import { products } from "../../products";
import { useFormats } from "../../../hooks/useFormats";
import { MoneyInput } from "../../../components/MoneyInput";

const PAGE_SIZE = shellConstants.listPageSize;

/** A batch save: the core's problems first, then the call, then the product lists refreshed. */
function useBatchSave<T>(path: string, wrap: (rows: T[]) => unknown, check: (rows: T[]) => string[]) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const storeId = useSession((state) => state.storeId);
  const [problems, setProblems] = useState<string[]>([]);
  const mutation = useMutation({
    mutationFn: (rows: T[]) => api<Changed>(path, { method: "PUT", body: wrap(rows) }),
    onSuccess: (changed) => {
      notifications.show({ color: "green", message: t("records.batch.saved", { count: changed.changed }) });
      void client.invalidateQueries({ queryKey: ["products", storeId] });
    },
  });
  function save(rows: T[], onSaved: () => void) {
    const found = check(rows);
    setProblems(found);
    if (found.length === 0) mutation.mutate(rows, { onSuccess: onSaved });
  }
  return { save, problems, mutation };
}

function SaveBar({ count, saving, onSave, onDiscard }: { count: number; saving: boolean; onSave: () => void; onDiscard: () => void }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs">
      {count > 0 && (
        <Text size="sm" c="dimmed" aria-live="polite">
          {t("records.batch.unsaved", { count })}
        </Text>
      )}
      <Button variant="default" disabled={count === 0 || saving} onClick={onDiscard}>
        {t("records.batch.discard")}
      </Button>
      <Button disabled={count === 0} loading={saving} onClick={onSave}>
        {t("manage.save")}
      </Button>
    </Group>
  );
}

/** The product list of a batch screen: search, server paging, the changes' save bar. */
function BatchList({
  title,
  list,
  query,
  columns,
  count,
  saving,
  onSave,
  onDiscard,
  problems,
  error,
}: {
  title: string;
  list: ReturnType<typeof useListParams>;
  query: ReturnType<typeof products.useList>;
  columns: Column<Product>[];
  count: number;
  saving: boolean;
  onSave: () => void;
  onDiscard: () => void;
  problems: string[];
  error: unknown;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <FormProblems problems={problems} saveError={error} />
      <ListPage
        title={title}
        actions={<SaveBar count={count} saving={saving} onSave={onSave} onDiscard={onDiscard} />}
        searchLabel={t("products.search")}
        query={query}
        columns={columns}
        rowKey={(product) => product.id}
        pageSize={PAGE_SIZE}
        list={list}
        empty={list.search ? { title: t("products.noMatch"), body: t("manage.tryOtherFilters") } : { title: t("products.none"), body: t("products.noneBody") }}
      />
    </Stack>
  );
}

export function InventoryPage() {
  const { t } = useTranslation();
  const list = useListParams();
  const query = products.useList({ page: list.page, limit: PAGE_SIZE, search: list.search });
  const [edits, setEdits] = useState<Record<string, StockChange>>({});
  const batch = useBatchSave<StockChange>("/stores/inventory", (changes) => ({ changes }), checkStock);
  const stockOf = (product: Product, variantId: string, stock: number) => edits[`${product.id}:${variantId}`]?.stock ?? stock;
  const columns: Column<Product>[] = [
    { key: "product", header: t("products.product"), render: (product) => <Text fw={600}>{product.title}</Text> },
    {
      key: "variants",
      header: t("records.inventory.stock"),
      render: (product) =>
        product.variants.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("records.inventory.noVariants")}
          </Text>
        ) : (
          <Stack gap={6}>
            {product.variants.map((variant) => (
              <Group key={variant.id} gap="sm" wrap="nowrap" justify="space-between">
                <Text size="sm">
                  {variant.title}
                  {variant.sku && (
                    <Text span c="dimmed" size="xs">
                      {" "}
                      · {variant.sku}
                    </Text>
                  )}
                </Text>
                <NumberInput
                  size="xs"
                  w={120}
                  min={0}
                  max={recordChoices.stockMax}
                  allowDecimal={false}
                  aria-label={t("records.inventory.stockOf", { product: product.title, variant: variant.title })}
                  value={stockOf(product, variant.id, Number(variant.stock))}
                  onChange={(value) =>
                    setEdits((old) => ({
                      ...old,
                      [`${product.id}:${variant.id}`]: { productId: product.id, variantId: variant.id, stock: Number(value) || 0 },
                    }))
                  }
                />
              </Group>
            ))}
          </Stack>
        ),
    },
  ];
  const changes = Object.values(edits);
  return (
    <BatchList
      title={t("records.inventory.title")}
      list={list}
      query={query}
      columns={columns}
      count={changes.length}
      saving={batch.mutation.isPending}
      onSave={() => batch.save(changes, () => setEdits({}))}
      onDiscard={() => setEdits({})}
      problems={batch.problems}
      error={batch.mutation.error}
    />
  );
}

export function BulkEditPage() {
  const { t } = useTranslation();
  const list = useListParams();
  const query = products.useList({ page: list.page, limit: PAGE_SIZE, search: list.search });
  const [edits, setEdits] = useState<Record<string, ProductPatch>>({});
  const formats = useFormats();
  const batch = useBatchSave<ProductPatch>(
    "/stores/products/bulk",
    (rows) => ({ products: rows }),
    (rows) => checkProductPatches(rows, formats.currency.code),
  );
  function edit(id: string, patch: Partial<ProductPatch>) {
    setEdits((old) => ({ ...old, [id]: { ...(old[id] ?? { id }), ...patch } }));
  }
  const columns: Column<Product>[] = [
    {
      key: "title",
      header: t("products.fields.title"),
      render: (p) => (
        <TextInput
          size="xs"
          miw={200}
          aria-label={t("records.bulkEdit.titleOf", { product: p.title })}
          value={edits[p.id]?.title ?? p.title}
          onChange={(e) => edit(p.id, { title: e.currentTarget.value })}
        />
      ),
    },
    {
      key: "price",
      header: t("products.price"),
      render: (p) => (
        <MoneyInput
          size="xs"
          w={110}
          min={0}
          aria-label={t("records.bulkEdit.priceOf", { product: p.title })}
          value={edits[p.id]?.price ?? p.price}
          onValue={(value) => edit(p.id, { price: value ?? 0 })}
        />
      ),
    },
    {
      key: "compareAt",
      header: t("records.bulkEdit.compareAt"),
      render: (p) => (
        <MoneyInput
          size="xs"
          w={110}
          min={0}
          aria-label={t("records.bulkEdit.compareAtOf", { product: p.title })}
          value={edits[p.id]?.compareAtPrice ?? p.compareAtPrice ?? undefined}
          onValue={(value) => edit(p.id, { compareAtPrice: value })}
        />
      ),
    },
    {
      key: "status",
      header: t("products.status"),
      render: (p) => (
        <Select
          size="xs"
          w={130}
          aria-label={t("records.bulkEdit.statusOf", { product: p.title })}
          data={contentChoices.productStatuses.map((status) => ({ value: status, label: t(`products.statuses.${status}`) }))}
          value={edits[p.id]?.status ?? p.status}
          onChange={(status) => status && edit(p.id, { status })}
          allowDeselect={false}
        />
      ),
    },
  ];
  const rows = Object.values(edits);
  return (
    <BatchList
      title={t("records.bulkEdit.title")}
      list={list}
      query={query}
      columns={columns}
      count={rows.length}
      saving={batch.mutation.isPending}
      onSave={() => batch.save(rows, () => setEdits({}))}
      onDiscard={() => setEdits({})}
      problems={batch.problems}
      error={batch.mutation.error}
    />
  );
}
