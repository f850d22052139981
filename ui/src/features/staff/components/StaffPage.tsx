// Member (website.member): the owner, the staff and open invitations with their roles and
// permissions; invite someone, or sign every staff member out.
import { Anchor, Badge, Button, Text } from "@mantine/core";
import { IconUserPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { fullName } from "../../../core";
import type { StaffMember } from "../../../types/generated/StaffMember";
import { ConfirmDialog } from "../../../components/records/ConfirmDialog";
import { type Column, ListPage, useListParams } from "../../../components/records/ListPage";
import { PlanLimitNotice } from "../../../components/PlanLimitNotice";
import { useLimitReached } from "../../../hooks/usePlanLimits";
import { useSignOutAll, useStaff } from "../api/staff";

export const STAFF_BASE = "/online-store/members";
const ROLE_COLOURS: Record<string, string> = { owner: "indigo", staff: "green", invited: "orange" };

export function StaffPage() {
  const { t } = useTranslation();
  const full = useLimitReached("staff");
  const navigate = useNavigate();
  const list = useListParams();
  const query = useStaff();
  const signOutAll = useSignOutAll();
  const [confirming, setConfirming] = useState(false);
  const editable = (member: StaffMember) => member.role !== "owner";
  const open = (member: StaffMember) => `${STAFF_BASE}/${member.id}`;
  const columns: Column<StaffMember>[] = [
    {
      key: "name",
      header: t("staff.name"),
      render: (member) =>
        editable(member) ? (
          <Anchor component={Link} to={open(member)} fw={600} onClick={(event) => event.stopPropagation()}>
            {member.role === "invited" ? member.email : fullName(member.firstName, member.lastName)}
          </Anchor>
        ) : (
          <Text fw={600}>{fullName(member.firstName, member.lastName)}</Text>
        ),
    },
    { key: "email", header: t("staff.email"), render: (member) => <Text size="sm">{member.email}</Text> },
    {
      key: "role",
      header: t("staff.role"),
      render: (member) => (
        <Badge variant="light" color={ROLE_COLOURS[member.role] ?? "gray"}>
          {t(`staff.roles.${member.role}`, { defaultValue: member.role })}
        </Badge>
      ),
    },
    {
      key: "scopes",
      header: t("staff.permissions"),
      align: "right",
      render: (member) => (member.role === "owner" ? t("staff.all") : member.scopes.length),
    },
  ];
  return (
    <>
      <ListPage
        title={t("staff.title")}
        actions={
          <>
            <Button variant="default" onClick={() => setConfirming(true)} loading={signOutAll.isPending}>
              {t("staff.signOutAll")}
            </Button>
            {full ? (
              <Button disabled leftSection={<IconUserPlus size={16} />}>
                {t("staff.invite")}
              </Button>
            ) : (
              <Button component={Link} to={`${STAFF_BASE}/invite`} leftSection={<IconUserPlus size={16} />}>
                {t("staff.invite")}
              </Button>
            )}
          </>
        }
        intro={<PlanLimitNotice what="staff" />}
        query={query}
        columns={columns}
        rowKey={(member) => member.id}
        onOpen={(member) => editable(member) && void navigate(open(member))}
        pageSize={Math.max(query.data?.total ?? 1, 1)}
        list={list}
        empty={{ title: t("staff.none") }}
      />
      <ConfirmDialog
        opened={confirming}
        question={t("staff.signOutAllQuestion")}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          signOutAll.mutate();
        }}
      />
    </>
  );
}
