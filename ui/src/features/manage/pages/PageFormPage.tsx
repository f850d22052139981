// A page's form: title, handle, body (HTML, which the server cleans) and visibility, checked
// by the core before it is sent.
import { Switch, TextInput, Textarea } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { checkPage } from "../../../core";
import type { PageInput } from "../../../types/generated/PageInput";
import { FormPage } from "../FormPage";
import { useRecordForm } from "../useRecordForm";
import { pageInput, pages } from "./api";

const BASE = "/online-store/pages";
const EMPTY: PageInput = { title: "", bodyHtml: "", published: true };

export function PageFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams();
  const record = pages.useOne(id);
  const save = pages.useSave(id);
  const remove = pages.useRemove(id);
  const form = useRecordForm({ id, record: record.data, toInput: pageInput, empty: EMPTY, check: checkPage });
  const { input, change } = form;

  function submit() {
    form.submit((value) =>
      save.mutate(value, {
        onSuccess: (saved) => {
          notifications.show({ color: "green", message: t("manage.saved") });
          if (!id) void navigate(`${BASE}/${saved.id}`, { replace: true });
        },
      }),
    );
  }

  return (
    <FormPage
      back={{ to: BASE, label: t("pages.title") }}
      title={id ? (record.data?.title ?? t("pages.edit")) : t("pages.add")}
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
                  void navigate(BASE, { replace: true });
                },
              })
          : undefined
      }
      deleting={remove.isPending}
    >
      <TextInput label={t("pages.fields.title")} required value={input.title} onChange={(e) => change("title", e.currentTarget.value)} />
      <TextInput
        label={t("products.fields.handle")}
        description={t("products.fields.handleHint")}
        value={input.handle ?? ""}
        onChange={(e) => change("handle", e.currentTarget.value)}
      />
      <Textarea
        label={t("pages.fields.body")}
        autosize
        minRows={8}
        value={input.bodyHtml}
        onChange={(e) => change("bodyHtml", e.currentTarget.value)}
      />
      <Switch label={t("pages.published")} checked={input.published} onChange={(e) => change("published", e.currentTarget.checked)} />
    </FormPage>
  );
}
