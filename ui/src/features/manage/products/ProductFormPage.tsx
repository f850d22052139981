// A product's form (website.products.create and website.products.update): title, description,
// prices, status, tags and handle, checked by the core before they are sent; variants, options
// and images are kept as they are.
import { NumberInput, Select, SimpleGrid, TagsInput, TextInput, Textarea } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { checkProduct, contentChoices } from "../../../core";
import type { ProductInput } from "../../../types/generated/ProductInput";
import { FormPage } from "../FormPage";
import { useRecordPage } from "../useRecordPage";
import { productInput, products } from "./api";

const EMPTY: ProductInput = {
  title: "",
  descriptionHtml: "",
  images: [],
  price: 0,
  options: [],
  variants: [],
  tags: [],
  status: "active",
};

export function ProductFormPage() {
  const { t } = useTranslation();
  const { id, record, form, formProps } = useRecordPage({ records: products, base: "/products", toInput: productInput, empty: EMPTY, check: checkProduct });
  const { input, change } = form;

  return (
    <FormPage
      back={{ to: "/products", label: t("products.title") }}
      title={id ? (record.data?.title ?? t("products.edit")) : t("products.add")}
      {...formProps}
    >
      <TextInput label={t("products.fields.title")} required value={input.title} onChange={(e) => change("title", e.currentTarget.value)} />
      <Textarea
        label={t("products.fields.description")}
        autosize
        minRows={4}
        value={input.descriptionHtml}
        onChange={(e) => change("descriptionHtml", e.currentTarget.value)}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput
          label={t("products.fields.price")}
          decimalScale={2}
          min={0}
          value={input.price}
          onChange={(value) => change("price", typeof value === "number" ? value : Number(value) || 0)}
        />
        <NumberInput
          label={t("products.fields.compareAt")}
          decimalScale={2}
          min={0}
          value={input.compareAtPrice ?? ""}
          onChange={(value) => change("compareAtPrice", value === "" ? undefined : Number(value))}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t("products.status")}
          value={input.status ?? "active"}
          allowDeselect={false}
          data={contentChoices.productStatuses.map((value) => ({ value, label: t(`products.statuses.${value}`) }))}
          onChange={(value) => change("status", value ?? "active")}
        />
        <TextInput
          label={t("products.fields.handle")}
          description={t("products.fields.handleHint")}
          value={input.handle ?? ""}
          onChange={(e) => change("handle", e.currentTarget.value)}
        />
      </SimpleGrid>
      <TagsInput label={t("products.fields.tags")} value={input.tags} onChange={(tags) => change("tags", tags)} />
    </FormPage>
  );
}
