// A collection's form: title, handle, image, and how it finds its products (chosen one by one,
// or every product with a tag), checked by the core before it is sent.
import { MultiSelect, SegmentedControl, Stack, Text, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { checkCollection, contentChoices } from "../../../core";
import type { CollectionInput } from "../../../types/generated/CollectionInput";
import { FormPage } from "../FormPage";
import { products } from "../products/api";
import { useRecordForm } from "../useRecordForm";
import { collectionInput, collections } from "./api";

const EMPTY: CollectionInput = { title: "", kind: "manual", productIds: [] };

export function CollectionFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams();
  const record = collections.useOne(id);
  const save = collections.useSave(id);
  const remove = collections.useRemove(id);
  // The products to choose from: the first page of the largest the server gives.
  const choices = products.useList({ page: 1, limit: 250 });
  const form = useRecordForm({ id, record: record.data, toInput: collectionInput, empty: EMPTY, check: checkCollection });
  const { input, change } = form;
  const kind = input.kind ?? "manual";

  function submit() {
    form.submit((value) =>
      save.mutate(value, {
        onSuccess: (saved) => {
          notifications.show({ color: "green", message: t("manage.saved") });
          if (!id) void navigate(`/collections/${saved.id}`, { replace: true });
        },
      }),
    );
  }

  return (
    <FormPage
      back={{ to: "/collections", label: t("collections.title") }}
      title={id ? (record.data?.title ?? t("collections.edit")) : t("collections.add")}
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
                  void navigate("/collections", { replace: true });
                },
              })
          : undefined
      }
      deleting={remove.isPending}
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
