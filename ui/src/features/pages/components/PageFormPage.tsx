// A page's form: title, handle, body (rich text, which the server cleans) and visibility,
// checked by the core before it is sent.
import { Switch, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { checkPage } from "../../../core";
import type { PageInput } from "../../../types/generated/PageInput";
import { FormPage } from "../../../components/records/FormPage";
import { RichTextField } from "../../../components/rich-text/RichTextField";
import { useRecordPage } from "../../../components/records/useRecordPage";
import { pageInput, pages } from "../api/pages";

const BASE = "/online-store/pages";
const EMPTY: PageInput = { title: "", bodyHtml: "", published: true };

export function PageFormPage() {
  const { t } = useTranslation();
  const { id, record, form, formProps } = useRecordPage({ records: pages, base: BASE, toInput: pageInput, empty: EMPTY, check: checkPage });
  const { input, change } = form;

  return (
    <FormPage back={{ to: BASE, label: t("pages.title") }} title={id ? (record.data?.title ?? t("pages.edit")) : t("pages.add")} {...formProps}>
      <TextInput label={t("pages.fields.title")} required value={input.title} onChange={(e) => change("title", e.currentTarget.value)} />
      <TextInput
        label={t("products.fields.handle")}
        description={t("products.fields.handleHint")}
        value={input.handle ?? ""}
        onChange={(e) => change("handle", e.currentTarget.value)}
      />
      <RichTextField label={t("pages.fields.body")} value={input.bodyHtml} onChange={(html) => change("bodyHtml", html)} />
      <Switch label={t("pages.published")} checked={input.published} onChange={(e) => change("published", e.currentTarget.checked)} />
    </FormPage>
  );
}
