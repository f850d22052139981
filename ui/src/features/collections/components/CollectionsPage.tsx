// Collections (website.collections): search and paging; a row opens the collection's form.
import { Anchor, Badge, Button } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import type { Collection } from "../../../types/generated/Collection";
import { type Column, ListPage, useListParams } from "../../../components/records/ListPage";
import { collections } from "../api/collections";
import { shellConstants } from "../../../core";

const PAGE_SIZE = shellConstants.listPageSize;

export function CollectionsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useListParams();
  const query = collections.useList({ page: list.page, limit: PAGE_SIZE, search: list.search });
  const open = (collection: Collection) => `/collections/${collection.id}`;
  const columns: Column<Collection>[] = [
    {
      key: "title",
      header: t("collections.collection"),
      render: (collection) => (
        <Anchor component={Link} to={open(collection)} fw={600} onClick={(event) => event.stopPropagation()}>
          {collection.title}
        </Anchor>
      ),
    },
    {
      key: "kind",
      header: t("collections.kind"),
      render: (collection) => (
        <Badge variant="light">{collection.kind === "tag" ? t("collections.byTag", { tag: collection.tag ?? "" }) : t("collections.kinds.manual")}</Badge>
      ),
    },
    { key: "products", header: t("collections.products"), align: "right", render: (collection) => Number(collection.productsCount) },
  ];
  const add = (
    <Button component={Link} to="/collections/create" leftSection={<IconPlus size={16} />}>
      {t("collections.add")}
    </Button>
  );
  return (
    <ListPage
      title={t("collections.title")}
      actions={add}
      searchLabel={t("collections.search")}
      query={query}
      columns={columns}
      rowKey={(collection) => collection.id}
      onOpen={(collection) => void navigate(open(collection))}
      pageSize={PAGE_SIZE}
      list={list}
      empty={
        list.search ? { title: t("collections.noMatch"), body: t("manage.tryOtherFilters") } : { title: t("collections.none"), body: t("collections.noneBody") }
      }
    />
  );
}
