// Inviting someone to the staff: e-mail, names and permissions, checked by the core before the
// invitation is sent; the invitee gets an e-mailed link.
import { SimpleGrid, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { checkStaffInvitation } from "../../../core";
import { translateCore } from "../../../i18n";
import type { StaffInvitationForm } from "../../../types/generated/StaffInvitationForm";
import { FormPage } from "../../../components/records/FormPage";
import { PlanLimitNotice } from "../../../components/PlanLimitNotice";
import { useRecordForm } from "../../../components/records/useRecordForm";
import { useInvite } from "../api/staff";
import { STAFF_BASE } from "./StaffPage";
import { ScopesField } from "./ScopesField";

const EMPTY: StaffInvitationForm = { email: "", firstName: null, lastName: null, scopes: [] };

function check(form: StaffInvitationForm): string[] {
  return Object.values(checkStaffInvitation(form).errors).map((error) => translateCore(error.code, error.message, { limit: error.limit }));
}

export function InviteStaffPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const invite = useInvite();
  const form = useRecordForm({ id: undefined, record: undefined, toInput: () => EMPTY, empty: EMPTY, check });
  const { input, change } = form;
  return (
    <FormPage
      back={{ to: STAFF_BASE, label: t("staff.title") }}
      title={t("staff.invite")}
      dirty={form.dirty}
      onDiscard={form.discard}
      problems={form.problems}
      error={invite.error}
      saving={invite.isPending}
      submitLabel={t("staff.send")}
      onSubmit={() =>
        form.submit((value) =>
          invite.mutate(value, {
            onSuccess: (member) => {
              form.markSaved(value);
              notifications.show({ color: "green", message: t("staff.invited", { email: member.email }) });
              void navigate(STAFF_BASE, { replace: true });
            },
          }),
        )
      }
    >
      <PlanLimitNotice what="staff" />
      <TextInput label={t("staff.email")} type="email" required value={input.email} onChange={(e) => change("email", e.currentTarget.value)} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t("staff.firstName")} value={input.firstName ?? ""} onChange={(e) => change("firstName", e.currentTarget.value || null)} />
        <TextInput label={t("staff.lastName")} value={input.lastName ?? ""} onChange={(e) => change("lastName", e.currentTarget.value || null)} />
      </SimpleGrid>
      <ScopesField value={input.scopes} onChange={(scopes) => change("scopes", scopes)} />
    </FormPage>
  );
}
