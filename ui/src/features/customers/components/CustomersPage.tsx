// Customers (website.customer): search by name or e-mail, server paging, an export of every
// customer as CSV; a row opens the customer.
import { Anchor, Button, Text } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { countryName, shellConstants } from "../../../core";
import type { Customer } from "../../../types/generated/Customer";
import { type Column, ListPage, useListParams } from "../../../components/records/ListPage";
import { customers, useExportCustomers } from "../api/customers";
import { notifyError } from "../../../lib/events";
import { useFormats } from "../../../hooks/useFormats";

const PAGE_SIZE = shellConstants.listPageSize;

export function CustomersPage() {
  const formats = useFormats();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useListParams();
  const query = customers.useList({ page: list.page, limit: PAGE_SIZE, search: list.search });
  const exportCsv = useExportCustomers();
  const open = (customer: Customer) => `/customers/${customer.id}`;
  const columns: Column<Customer>[] = [
    {
      key: "name",
      header: t("customers.name"),
      render: (customer) => (
        <Anchor component={Link} to={open(customer)} fw={600} onClick={(event) => event.stopPropagation()}>
          {customer.fullName}
        </Anchor>
      ),
    },
    { key: "email", header: t("customers.email"), render: (customer) => <Text size="sm">{customer.email}</Text> },
    { key: "country", header: t("customers.country"), render: (customer) => (customer.country ? countryName(customer.country) : "") },
    { key: "orders", header: t("customers.orders"), align: "right", render: (customer) => Number(customer.ordersCount) },
    { key: "spent", header: t("customers.spent"), align: "right", render: (customer) => formats.money(customer.totalSpent) },
  ];
  return (
    <ListPage
      title={t("customers.title")}
      actions={
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          loading={exportCsv.isPending}
          onClick={() => exportCsv.mutate(undefined, { onError: (error) => notifyError(error) })}
        >
          {t("manage.exportCsv")}
        </Button>
      }
      searchLabel={t("customers.search")}
      query={query}
      columns={columns}
      rowKey={(customer) => customer.id}
      onOpen={(customer) => void navigate(open(customer))}
      pageSize={PAGE_SIZE}
      list={list}
      empty={list.search ? { title: t("customers.noMatch"), body: t("manage.tryOtherFilters") } : { title: t("customers.none"), body: t("customers.noneBody") }}
    />
  );
}
