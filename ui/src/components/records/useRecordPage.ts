// A record's form screen in one hook: the record, its save and delete calls, the form state, and
// what FormPage needs (loading, problems, errors, Save, Delete), with the same behaviour on every
// screen: a saved new record opens at its own address, a deleted one returns to the list, and a
// notification says what happened.
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import type { resource } from "./resource";
import { useRecordForm } from "./useRecordForm";

type Resource<R, I> = ReturnType<typeof resource<R, I>>;

export function useRecordPage<R extends { id: string }, I>({
  records,
  base,
  toInput,
  empty,
  check,
  afterCreate = "open",
}: {
  records: Resource<R, I>;
  /** The list's address; a record's form is at `${base}/${id}`. */
  base: string;
  toInput: (record: R) => I;
  empty: I;
  check: (input: I) => string[];
  /** Where a created record leads: its own form (records that are edited later) or back to
   * the list (actions kept as history). */
  afterCreate?: "open" | "list";
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams();
  const record = records.useOne(id);
  const save = records.useSave(id);
  const remove = records.useRemove(id);
  const form = useRecordForm({ id, record: record.data, toInput, empty, check });

  function onSubmit() {
    form.submit((value) =>
      save.mutate(value, {
        onSuccess: (saved) => {
          form.markSaved(value);
          notifications.show({ color: "green", message: t("manage.saved") });
          if (!id) void navigate(afterCreate === "open" ? `${base}/${saved.id}` : base, { replace: true });
        },
      }),
    );
  }

  function onDelete() {
    remove.mutate(undefined, {
      onSuccess: () => {
        notifications.show({ color: "green", message: t("manage.deleted") });
        void navigate(base, { replace: true });
      },
    });
  }

  return {
    id,
    record,
    form,
    /** The props FormPage takes from the record's state. */
    formProps: {
      loading: form.loading && !record.isError,
      problems: form.problems,
      error: save.error ?? remove.error ?? record.error,
      saving: save.isPending,
      onSubmit,
      onDelete: id ? onDelete : undefined,
      deleting: remove.isPending,
      dirty: form.dirty,
      onDiscard: form.discard,
    },
  };
}
