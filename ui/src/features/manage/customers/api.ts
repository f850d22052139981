// The customer calls: /stores/customers (search, paging), /stores/customers/{id}. Customers
// are read here; they come from checkouts.
import type { Customer } from "../../../types/generated/Customer";
import type { CustomerList } from "../../../types/generated/CustomerList";
import { resource } from "../resource";

export const customers = resource<Customer, never>({
  key: "customers",
  path: "/stores/customers",
  read: (answer) => {
    const list = answer as CustomerList;
    return { rows: list.customers, total: Number(list.total) };
  },
});
