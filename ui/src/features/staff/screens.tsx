// The staff's screens for the router: the list, the invitation and a member's page.
import { type Screens, lazyScreen } from "../../lib/screens";

const StaffPage = lazyScreen(() => import("./components/StaffPage"), "StaffPage");
const InviteStaffPage = lazyScreen(() => import("./components/InviteStaffPage"), "InviteStaffPage");
const StaffMemberPage = lazyScreen(() => import("./components/StaffMemberPage"), "StaffMemberPage");

export const screens: Screens = {
  named: { "website.member": <StaffPage /> },
  under: {
    "website.member": [
      { path: "invite", element: <InviteStaffPage /> },
      { path: ":id", element: <StaffMemberPage /> },
    ],
  },
};
