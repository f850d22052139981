// The customer calls: /stores/customers (search, paging), /stores/customers/{id} (read, and
// replace with PUT: contact details, notes, tags, addresses), and the CSV export of them all.
import { useMutation } from "@tanstack/react-query";
import { apiResponse, saveDownload } from "../../../lib/api";
import type { Customer } from "../../../types/generated/Customer";
import type { CustomerInput } from "../../../types/generated/CustomerInput";
import type { CustomerList } from "../../../types/generated/CustomerList";
import { resource } from "../../../components/records/resource";

export const customers = resource<Customer, CustomerInput>({
  key: "customers",
  path: "/stores/customers",
  read: (answer) => {
    const list = answer as CustomerList;
    return { rows: list.customers, total: Number(list.total) };
  },
});

export function customerInput(customer: Customer): CustomerInput {
  return {
    email: customer.email,
    firstName: customer.firstName ?? "",
    lastName: customer.lastName ?? "",
    phone: customer.phone ?? "",
    notes: customer.notes,
    tags: customer.tags,
    addresses: customer.addresses,
  };
}

/** Downloads every customer as CSV. */
export function useExportCustomers() {
  return useMutation({
    mutationFn: async () => {
      const response = await apiResponse("/stores/customers/export", { headers: { Accept: "text/csv" } });
      await saveDownload(response, "customers.csv");
    },
  });
}
