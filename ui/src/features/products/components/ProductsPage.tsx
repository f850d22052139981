// All Products (website.products): search by title, filter by status, server paging; a row
// opens the product's form.
import { Anchor, Badge, Button, Select } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { contentChoices, shellConstants } from "../../../core";
import type { Product } from "../../../types/generated/Product";
import { type Column, ListPage, useListParams } from "../../../components/records/ListPage";
import { PlanLimitNotice } from "../../../components/PlanLimitNotice";
import { useLimitReached } from "../../../hooks/usePlanLimits";
import { products } from "../api/products";
import { useFormats } from "../../../hooks/useFormats";

const PAGE_SIZE = shellConstants.listPageSize;
const STATUS_COLOURS: Record<string, string> = { active: "green", draft: "gray", archived: "dark" };

export function ProductsPage() {
  const formats = useFormats();
  const { t } = useTranslation();
  const full = useLimitReached("products");
  const navigate = useNavigate();
  const list = useListParams(["status"]);
  const status = list.filters.status ?? "";
  const query = products.useList({ page: list.page, limit: PAGE_SIZE, search: list.search, status });
  const open = (product: Product) => `/products/${product.id}`;
  const columns: Column<Product>[] = [
    {
      key: "title",
      header: t("products.product"),
      render: (product) => (
        <Anchor component={Link} to={open(product)} fw={600} onClick={(event) => event.stopPropagation()}>
          {product.title}
        </Anchor>
      ),
    },
    {
      key: "status",
      header: t("products.status"),
      render: (product) => (
        <Badge variant="light" color={STATUS_COLOURS[product.status] ?? "gray"}>
          {t(`products.statuses.${product.status}`, { defaultValue: product.status })}
        </Badge>
      ),
    },
    { key: "variants", header: t("products.variants"), align: "right", render: (product) => product.variants.length },
    { key: "price", header: t("products.price"), align: "right", render: (product) => formats.money(product.price) },
  ];
  return (
    <ListPage
      title={t("products.title")}
      actions={
        full ? (
          <Button disabled leftSection={<IconPlus size={16} />}>
            {t("products.add")}
          </Button>
        ) : (
          <Button component={Link} to="/products/create" leftSection={<IconPlus size={16} />}>
            {t("products.add")}
          </Button>
        )
      }
      intro={<PlanLimitNotice what="products" />}
      searchLabel={t("products.search")}
      filters={
        <Select
          label={t("products.status")}
          placeholder={t("orders.any")}
          clearable
          w={170}
          value={status || null}
          data={contentChoices.productStatuses.map((value) => ({ value, label: t(`products.statuses.${value}`) }))}
          onChange={(value) => list.set({ status: value })}
        />
      }
      query={query}
      columns={columns}
      rowKey={(product) => product.id}
      onOpen={(product) => void navigate(open(product))}
      pageSize={PAGE_SIZE}
      list={list}
      empty={
        list.search || status
          ? { title: t("products.noMatch"), body: t("manage.tryOtherFilters") }
          : {
              title: t("products.none"),
              body: t("products.noneBody"),
              action: (
                <Button component={Link} to="/products/create" mt="xs">
                  {t("products.add")}
                </Button>
              ),
            }
      }
    />
  );
}
