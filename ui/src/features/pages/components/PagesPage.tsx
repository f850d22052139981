// Pages (website.pages): the store's pages with their visibility, paged on the server; a row
// opens the page's form.
import { Anchor, Badge, Button, Select, Text } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import type { Page } from "../../../types/generated/Page";
import { type Column, ListPage, useListParams } from "../../../components/records/ListPage";
import { pages } from "../api/pages";
import { useFormats } from "../../../hooks/useFormats";
import { shellConstants } from "../../../core";

const PAGE_SIZE = shellConstants.listPageSize;
const BASE = "/online-store/pages";

export function PagesPage() {
  const formats = useFormats();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useListParams(["published"]);
  const published = list.filters.published ?? "";
  const query = pages.useList({ page: list.page, limit: PAGE_SIZE, published });
  const open = (page: Page) => `${BASE}/${page.id}`;
  const columns: Column<Page>[] = [
    {
      key: "title",
      header: t("pages.page"),
      render: (page) => (
        <Anchor component={Link} to={open(page)} fw={600} onClick={(event) => event.stopPropagation()}>
          {page.title}
        </Anchor>
      ),
    },
    { key: "handle", header: t("products.fields.handle"), render: (page) => <Text size="sm">/{page.handle}</Text> },
    {
      key: "visibility",
      header: t("pages.visibility"),
      render: (page) => (
        <Badge variant="light" color={page.published ? "green" : "gray"}>
          {page.published ? t("pages.published") : t("pages.hidden")}
        </Badge>
      ),
    },
    { key: "updated", header: t("pages.updated"), render: (page) => formats.date(Number(page.updatedAt), "date") },
  ];
  return (
    <ListPage
      title={t("pages.title")}
      actions={
        <Button component={Link} to={`${BASE}/create`} leftSection={<IconPlus size={16} />}>
          {t("pages.add")}
        </Button>
      }
      filters={
        <Select
          label={t("pages.visibility")}
          placeholder={t("orders.any")}
          clearable
          w={170}
          value={published || null}
          data={[
            { value: "true", label: t("pages.published") },
            { value: "false", label: t("pages.hidden") },
          ]}
          onChange={(value) => list.set({ published: value })}
        />
      }
      query={query}
      columns={columns}
      rowKey={(page) => page.id}
      onOpen={(page) => void navigate(open(page))}
      pageSize={PAGE_SIZE}
      list={list}
      empty={published ? { title: t("pages.noMatch"), body: t("manage.tryOtherFilters") } : { title: t("pages.none"), body: t("pages.noneBody") }}
    />
  );
}
