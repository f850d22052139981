// A customer's form (/customers/:id/edit): name, e-mail, phone, notes, tags and addresses (the
// first the default), each address checked by the core; the server checks the rest (a valid,
// unused e-mail) and its refusal is shown above the fields.
import { ActionIcon, Button, Group, Paper, Select, SimpleGrid, Stack, TagsInput, Text, TextInput, Textarea, Title } from "@mantine/core";
import { IconArrowUp, IconPlus, IconTrash } from "@tabler/icons-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { addressProblems, shippingCountries } from "../../../core";
import type { Address } from "../../../types/generated/Address";
import type { CustomerInput } from "../../../types/generated/CustomerInput";
import { FormPage } from "../../../components/records/FormPage";
import { useRecordPage } from "../../../components/records/useRecordPage";
import { customerInput, customers } from "../api/customers";

const EMPTY: CustomerInput = { email: "", firstName: "", lastName: "", phone: "", notes: "", tags: [], addresses: [] };
const BLANK_ADDRESS: Address = { name: "", line1: "", line2: "", city: "", region: "", postcode: "", country: "", phone: "" };

function AddressFields({
  index,
  address,
  onChange,
  onRemove,
  onMakeDefault,
}: {
  index: number;
  address: Address;
  onChange: (address: Address) => void;
  onRemove: () => void;
  onMakeDefault?: () => void;
}) {
  const { t } = useTranslation();
  const countries = useMemo(() => shippingCountries().map((country) => ({ value: country.code, label: country.name })), []);
  const field = (key: keyof Address, label: string, required = false) => (
    <TextInput label={label} required={required} value={address[key]} onChange={(e) => onChange({ ...address, [key]: e.currentTarget.value })} />
  );
  const heading = index === 0 ? t("customers.defaultAddress") : t("customers.addressN", { n: index + 1 });
  return (
    <Paper withBorder radius="md" p="md" component="fieldset" aria-label={heading} style={{ minWidth: 0 }}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={3} fz="h5">
          {heading}
        </Title>
        <Group gap={4} wrap="nowrap">
          {onMakeDefault && (
            <Button size="xs" variant="subtle" leftSection={<IconArrowUp size={14} />} onClick={onMakeDefault}>
              {t("customers.makeDefault")}
            </Button>
          )}
          <ActionIcon variant="subtle" color="red" aria-label={t("customers.removeAddress", { name: heading })} onClick={onRemove}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {field("name", t("address.name"), true)}
        {field("phone", t("address.phone"))}
        {field("line1", t("address.line1"), true)}
        {field("line2", t("address.line2"))}
        {field("city", t("address.city"), true)}
        {field("region", t("address.region"))}
        {field("postcode", t("address.postcode"))}
        <Select
          label={t("address.country")}
          required
          searchable
          data={countries}
          value={address.country || null}
          onChange={(value) => onChange({ ...address, country: value ?? "" })}
        />
      </SimpleGrid>
    </Paper>
  );
}

export function CustomerFormPage() {
  const { t } = useTranslation();
  const check = (input: CustomerInput) =>
    input.addresses.flatMap((address, index) =>
      addressProblems(index === 0 ? t("customers.defaultAddress") : t("customers.addressN", { n: index + 1 }), address),
    );
  const { id, record, form, formProps } = useRecordPage({ records: customers, base: "/customers", toInput: customerInput, empty: EMPTY, check });
  const { input, change } = form;
  const setAddresses = (addresses: Address[]) => change("addresses", addresses);
  const name = record.data?.fullName ?? t("customers.edit");

  return (
    <FormPage back={{ to: `/customers/${id ?? ""}`, label: name }} title={t("customers.editTitle", { name })} {...formProps} onDelete={undefined}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t("customers.firstName")} value={input.firstName} onChange={(e) => change("firstName", e.currentTarget.value)} />
        <TextInput label={t("customers.lastName")} value={input.lastName} onChange={(e) => change("lastName", e.currentTarget.value)} />
        <TextInput label={t("customers.email")} type="email" required value={input.email} onChange={(e) => change("email", e.currentTarget.value)} />
        <TextInput label={t("customers.phone")} type="tel" value={input.phone} onChange={(e) => change("phone", e.currentTarget.value)} />
      </SimpleGrid>
      <Textarea label={t("customers.notes")} autosize minRows={3} value={input.notes} onChange={(e) => change("notes", e.currentTarget.value)} />
      <TagsInput label={t("customers.tags")} description={t("customers.tagsHint")} value={input.tags} onChange={(tags) => change("tags", tags)} clearable />
      <Stack gap="sm">
        <Text fw={500} size="sm">
          {t("customers.addresses")}
        </Text>
        {input.addresses.length === 0 && (
          <Text size="sm" c="dimmed">
            {t("customers.noAddresses")}
          </Text>
        )}
        {input.addresses.map((address, index) => (
          <AddressFields
            key={index}
            index={index}
            address={address}
            onChange={(next) => setAddresses(input.addresses.map((a, i) => (i === index ? next : a)))}
            onRemove={() => setAddresses(input.addresses.filter((_, i) => i !== index))}
            onMakeDefault={index > 0 ? () => setAddresses([address, ...input.addresses.filter((_, i) => i !== index)]) : undefined}
          />
        ))}
        <Group>
          <Button variant="default" leftSection={<IconPlus size={16} />} onClick={() => setAddresses([...input.addresses, { ...BLANK_ADDRESS }])}>
            {t("customers.addAddress")}
          </Button>
        </Group>
      </Stack>
    </FormPage>
  );
}
