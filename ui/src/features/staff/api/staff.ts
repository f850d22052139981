// The staff calls: GET /users/store-staffs, /users/store-staff-info, /auth/all-permission;
// POST /users/add-store-staff; PUT /users/update-store-staff/{id}; DELETE
// /users/logout-staff-account/{id}, /users/logout-all-staff-account and
// /users/delete-staff-account.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import type { Permission } from "../../../types/generated/Permission";
import type { StaffInvitationForm } from "../../../types/generated/StaffInvitationForm";
import type { StaffList } from "../../../types/generated/StaffList";
import type { StaffMember } from "../../../types/generated/StaffMember";
import { useSession } from "../../../app/session";
import type { ListData } from "../../../components/records/ListPage";

function useKey() {
  const storeId = useSession((state) => state.storeId);
  return { storeId, key: ["staff", storeId] as const };
}

export function useStaff() {
  const { storeId, key } = useKey();
  return useQuery({
    queryKey: [...key, "list"],
    queryFn: async ({ signal }): Promise<ListData<StaffMember>> => {
      const list = await api<StaffList>("/users/store-staffs", { signal });
      return { rows: list.staffs, total: list.staffs.length };
    },
    enabled: Boolean(storeId),
  });
}

export function useStaffMember(id: string | undefined) {
  const { storeId, key } = useKey();
  return useQuery({
    queryKey: [...key, "one", id],
    queryFn: ({ signal }) => api<StaffMember>(`/users/store-staff-info?staff_id=${encodeURIComponent(id ?? "")}`, { signal }),
    enabled: Boolean(storeId && id),
  });
}

export function usePermissions() {
  return useQuery({
    queryKey: ["permissions"],
    queryFn: ({ signal }) => api<Permission[]>("/auth/all-permission", { signal }),
    staleTime: Infinity,
  });
}

/** A staff call; `events` raises the global events with the server's message (sign-outs and
 * removal answer one). */
function useStaffMutation<A, R>(call: (argument: A) => Promise<R>, events?: "both") {
  const client = useQueryClient();
  const { key } = useKey();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: key }), meta: { events } });
}

export function useInvite() {
  return useStaffMutation((form: StaffInvitationForm) => api<StaffMember>("/users/add-store-staff", { method: "POST", body: form }));
}

export function useUpdateScopes(id: string) {
  return useStaffMutation((scopes: string[]) => api<StaffMember>(`/users/update-store-staff/${encodeURIComponent(id)}`, { method: "PUT", body: { scopes } }));
}

export function useSignOut() {
  return useStaffMutation((id: string) => api<unknown>(`/users/logout-staff-account/${encodeURIComponent(id)}`, { method: "DELETE" }), "both");
}

export function useSignOutAll() {
  return useStaffMutation(() => api<unknown>("/users/logout-all-staff-account", { method: "DELETE" }), "both");
}

export function useRemoveStaff() {
  return useStaffMutation((id: string) => api<unknown>(`/users/delete-staff-account?staff_id=${encodeURIComponent(id)}`, { method: "DELETE" }), "both");
}
