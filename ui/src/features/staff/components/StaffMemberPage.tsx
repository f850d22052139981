// One staff member or invitation: change the permissions (checked by the core), sign them out
// of this store, or remove them from the staff.
import { Button, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { checkScopes, fullName } from "../../../core";
import { useUserInfo } from "../../../hooks/useStoreData";
import type { StaffMember } from "../../../types/generated/StaffMember";
import { FormPage } from "../../../components/records/FormPage";
import { useRecordForm } from "../../../components/records/useRecordForm";
import { useRemoveStaff, useSignOut, useStaffMember, useUpdateScopes } from "../api/staff";
import { STAFF_BASE } from "./StaffPage";
import { ScopesField } from "./ScopesField";

const scopesOf = (member: StaffMember) => ({ scopes: member.scopes });
const check = ({ scopes }: { scopes: string[] }) => {
  const problem = checkScopes(scopes);
  return problem ? [problem] : [];
};

export function StaffMemberPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = "" } = useParams();
  const member = useStaffMember(id);
  const me = useUserInfo();
  const update = useUpdateScopes(id);
  const signOut = useSignOut();
  const remove = useRemoveStaff();
  const form = useRecordForm({ id, record: member.data, toInput: scopesOf, empty: { scopes: [] as string[] }, check });
  const who = member.data ? (member.data.role === "invited" ? member.data.email : fullName(member.data.firstName, member.data.lastName)) : t("staff.member");
  return (
    <FormPage
      back={{ to: STAFF_BASE, label: t("staff.title") }}
      title={who}
      loading={form.loading && !member.isError}
      dirty={form.dirty}
      onDiscard={form.discard}
      problems={form.problems}
      error={update.error ?? member.error}
      saving={update.isPending}
      onSubmit={() =>
        form.submit((value) =>
          update.mutate(value.scopes, {
            onSuccess: () => {
              form.markSaved(value);
              notifications.show({ color: "green", message: t("manage.saved") });
            },
          }),
        )
      }
      onDelete={() =>
        remove.mutate(id, {
          onSuccess: () => void navigate(STAFF_BASE, { replace: true }),
        })
      }
      deleting={remove.isPending}
      deleteQuestion={t("staff.removeQuestion", { who })}
    >
      <Text c="dimmed">{member.data?.email}</Text>
      <ScopesField value={form.input.scopes} onChange={(scopes) => form.change("scopes", scopes)} own={me.data?.id === id} />
      {member.data?.role === "staff" && (
        <div>
          <Button variant="default" loading={signOut.isPending} onClick={() => signOut.mutate(id)}>
            {t("staff.signOut")}
          </Button>
        </div>
      )}
    </FormPage>
  );
}
