// A collection's form: title, handle, image, and how it finds its products (chosen one by one,
// or every product with a tag), checked by the core before it is sent.
import { MultiSelect, SegmentedControl, Stack, Text, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { checkCollection, contentChoices } from "../../../core";
import type { CollectionInput } from "../../../types/generated/CollectionInput";
import { FormPage } from "../../../components/records/FormPage";
import { products } from "../../products";
import { useRecordPage } from "../../../components/records/useRecordPage";
import { collectionInput, collections } from "../api/collections";

const EMPTY: CollectionInput = { title: "", kind: "manual", productIds: [] };

export function CollectionFormPage() {
  const { t } = useTranslation();
  // The products to choose from: the first page of the largest the server gives.
  const choices = products.useList({ page: 1, limit: 250 });
  const { id, record, form, formProps } = useRecordPage({
    records: collections,
    base: "/collections",
    toInput: collectionInput,
    empty: EMPTY,
    check: checkCollection,
  });
  const { input, change } = form;
  const kind = input.kind ?? "manual";

  return (
    <FormPage
      back={{ to: "/collections", label: t("collections.title") }}
      title={id ? (record.data?.title ?? t("collections.edit")) : t("collections.add")}
      {...formProps}
    >
      <TextInput label={t("collections.fields.title")} required value={input.title} onChange={(e) => change("title", e.currentTarget.value)} />
      <TextInput
        label={t("products.fields.handle")}
        description={t("products.fields.handleHint")}
        value={input.handle ?? ""}
        onChange={(e) => change("handle", e.currentTarget.value)}
      />
      <TextInput label={t("collections.fields.image")} value={input.image ?? ""} onChange={(e) => change("image", e.currentTarget.value)} />
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t("collections.kind")}
        </Text>
        <SegmentedControl
          value={kind}
          onChange={(value) => change("kind", value)}
          data={contentChoices.collectionKinds.map((value) => ({ value, label: t(`collections.kinds.${value}`) }))}
        />
      </Stack>
      {kind === "tag" ? (
        <TextInput label={t("collections.fields.tag")} value={input.tag ?? ""} onChange={(e) => change("tag", e.currentTarget.value)} />
      ) : (
        <MultiSelect
          label={t("collections.products")}
          searchable
          data={(choices.data?.rows ?? []).map((product) => ({ value: product.id, label: product.title }))}
          value={input.productIds}
          onChange={(ids) => change("productIds", ids)}
        />
      )}
    </FormPage>
  );
}
