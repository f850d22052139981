// Discounts (website.discount.code and website.discount.automatic): one list per method,
// with search and paging; a row opens the discount's form.
import { Anchor, Badge, Button } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";

import type { Discount } from "../../../types/generated/Discount";
import { type Column, ListPage, useListParams } from "../../../components/records/ListPage";
import { discounts } from "../api/discounts";
import { useFormats } from "../../../hooks/useFormats";
import { shellConstants } from "../../../core";

const PAGE_SIZE = shellConstants.listPageSize;

export function DiscountsPage({ method }: { method: "code" | "automatic" }) {
  const formats = useFormats();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useListParams();
  const query = discounts.useList({ page: list.page, limit: PAGE_SIZE, search: list.search, method });
  const base = `/discounts/${method}`;
  const open = (discount: Discount) => `${base}/${discount.id}`;
  const columns: Column<Discount>[] = [
    {
      key: "code",
      header: t(`discounts.name.${method}`),
      render: (discount) => (
        <Anchor component={Link} to={open(discount)} fw={600} onClick={(event) => event.stopPropagation()}>
          {discount.code}
        </Anchor>
      ),
    },
    {
      key: "value",
      header: t("discounts.value"),
      render: (discount) =>
        discount.valueType === "percent"
          ? t("discounts.percentOff", { value: discount.value })
          : discount.valueType === "free_shipping"
            ? t("discounts.freeShipping")
            : t("discounts.amountOff", { value: formats.money(discount.value) }),
    },
    {
      key: "status",
      header: t("discounts.status"),
      render: (discount) => (
        <Badge variant="light" color={discount.isActive ? "green" : "gray"}>
          {discount.isActive ? t("discounts.active") : t("discounts.inactive")}
        </Badge>
      ),
    },
    {
      key: "ends",
      header: t("discounts.ends"),
      // An absent end arrives as null.
      render: (discount) => (discount.endsAt != null ? formats.date(Number(discount.endsAt), "date") : t("discounts.noEnd")),
    },
    {
      key: "used",
      header: t("discounts.uses"),
      align: "right",
      render: (discount) =>
        discount.usageLimit != null
          ? t("discounts.usedOf", { used: Number(discount.used), limit: Number(discount.usageLimit) })
          : t("discounts.usedUnlimited", { used: Number(discount.used) }),
    },
  ];
  return (
    <ListPage
      title={t(`discounts.title.${method}`)}
      actions={
        <Button component={Link} to={`${base}/create`} leftSection={<IconPlus size={16} />}>
          {t(`discounts.add.${method}`)}
        </Button>
      }
      searchLabel={t("discounts.search")}
      query={query}
      columns={columns}
      rowKey={(discount) => discount.id}
      onOpen={(discount) => void navigate(open(discount))}
      pageSize={PAGE_SIZE}
      list={list}
      empty={
        list.search
          ? { title: t("discounts.noMatch"), body: t("manage.tryOtherFilters") }
          : { title: t("discounts.none"), body: t(`discounts.noneBody.${method}`) }
      }
    />
  );
}
