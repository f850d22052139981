// The screens of a record kind, from its spec: the list (server-paged, with an empty state and
// Add) and the form (create, edit, delete; or, for actions kept as history, create only). The
// core checks every form before it is sent; the kind's fields are the only part of its own.
import { Button } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { checkRecord, type RecordKind, routePath, shellConstants } from "../../../core";
import type { StoreRecord } from "../../../types/generated/StoreRecord";
import { FormPage } from "../../../components/records/FormPage";
import { type Column, ListPage, useListParams } from "../../../components/records/ListPage";
import { useRecordPage } from "../../../components/records/useRecordPage";
import type { RecordResource } from "../api/records";
import { type Formats, useFormats } from "../../../hooks/useFormats";

export interface FieldsProps<T> {
  value: T;
  change: <K extends keyof T>(key: K, value: T[K]) => void;
}

export interface RecordSpec<T> {
  /** The core's kind, for its check. */
  kind: RecordKind;
  /** The texts' prefix under `records.`. */
  texts: string;
  /** The route of the list in the core's table. */
  route: string;
  records: RecordResource<T>;
  empty: T;
  columns: (t: TFunction, formats: Formats) => Column<StoreRecord<T>>[];
  Fields: (props: FieldsProps<T>) => ReactNode;
  /** Records that are edited and deleted later; otherwise each one is an action kept as history. */
  editable: boolean;
  /** The title of a record in its form. */
  title?: (value: T) => string;
}

const PAGE_SIZE = shellConstants.listPageSize;

/** The list's address, from the core's route table. */
export function basePath(route: string): string {
  return routePath(route) ?? "/";
}

export function RecordListPage<T>({ spec }: { spec: RecordSpec<T> }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const navigate = useNavigate();
  const list = useListParams();
  const query = spec.records.useList({ page: list.page, limit: PAGE_SIZE });
  const base = basePath(spec.route);
  const key = (name: string) => `records.${spec.texts}.${name}`;
  return (
    <ListPage
      title={t(key("title"))}
      actions={
        <Button component={Link} to={`${base}/create`} leftSection={<IconPlus size={16} />}>
          {t(key("add"))}
        </Button>
      }
      query={query}
      columns={spec.columns(t, formats)}
      rowKey={(row) => row.id}
      onOpen={spec.editable ? (row) => void navigate(`${base}/${row.id}`) : undefined}
      pageSize={PAGE_SIZE}
      list={list}
      empty={{
        title: t(key("none")),
        body: t(key("noneBody")),
        action: (
          <Button component={Link} to={`${base}/create`} variant="light" leftSection={<IconPlus size={16} />}>
            {t(key("add"))}
          </Button>
        ),
      }}
    />
  );
}

export function RecordFormPage<T>({ spec }: { spec: RecordSpec<T> }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const base = basePath(spec.route);
  const key = (name: string) => `records.${spec.texts}.${name}`;
  const { id, record, form, formProps } = useRecordPage({
    records: spec.records,
    base,
    toInput: (saved: StoreRecord<T>) => saved.data,
    empty: spec.empty,
    check: (value: T) => checkRecord(spec.kind, value, formats.currency.code),
    afterCreate: spec.editable ? "open" : "list",
  });
  const title = id ? (record.data && spec.title ? spec.title(record.data.data) : t(key("edit"))) : t(key("add"));
  return (
    <FormPage back={{ to: base, label: t(key("title")) }} title={title} submitLabel={spec.editable ? undefined : t(key("run"))} {...formProps}>
      <spec.Fields value={form.input} change={form.change} />
    </FormPage>
  );
}
