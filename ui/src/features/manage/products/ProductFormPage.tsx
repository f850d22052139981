// A product's form (website.products.create and website.products.update): title, description,
// prices, status, tags and handle, checked by the core before they are sent; variants, options
// and images are kept as they are.
import { NumberInput, Select, SimpleGrid, TagsInput, TextInput, Textarea } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { checkProduct, contentChoices } from "../../../core";
import type { ProductInput } from "../../../types/generated/ProductInput";
import { FormPage } from "../FormPage";
import { useRecordForm } from "../useRecordForm";
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
  const navigate = useNavigate();
  const { id } = useParams();
  const record = products.useOne(id);
  const save = products.useSave(id);
  const remove = products.useRemove(id);
  const form = useRecordForm({ id, record: record.data, toInput: productInput, empty: EMPTY, check: checkProduct });
  const { input, change } = form;

  function submit() {
    form.submit((value) =>
      save.mutate(value, {
        onSuccess: (saved) => {
          notifications.show({ color: "green", message: t("manage.saved") });
          if (!id) void navigate(`/products/${saved.id}`, { replace: true });
        },
      }),
    );
  }

  return (
    <FormPage
      back={{ to: "/products", label: t("products.title") }}
      title={id ? (record.data?.title ?? t("products.edit")) : t("products.add")}
      loading={form.loading && !record.isError}
      problems={form.problems}
      error={save.error ?? remove.error ?? record.error}
      saving={save.isPending}
      onSubmit={submit}
      onDelete={
        id
          ? () =>
              remove.mutate(undefined, {
                onSuccess: () => {
                  notifications.show({ color: "green", message: t("manage.deleted") });
                  void navigate("/products", { replace: true });
                },
              })
          : undefined
      }
      deleting={remove.isPending}
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
