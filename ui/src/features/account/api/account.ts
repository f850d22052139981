// The account calls of the signed-in user: the profile (PUT /users), the password
// (PUT /users/change-password) and a new store (POST /users/create-store); and the store's
// personalized products (/personalizes) with their fonts (/personalizes/font).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import type { ChangePasswordForm } from "../../../types/generated/ChangePasswordForm";
import type { Count } from "../../../types/generated/Count";
import type { CreateStoreRequest } from "../../../types/generated/CreateStoreRequest";
import type { MessageResponse } from "../../../types/generated/MessageResponse";
import type { Personalize } from "../../../types/generated/Personalize";
import type { PersonalizeFont } from "../../../types/generated/PersonalizeFont";
import type { PersonalizeInput } from "../../../types/generated/PersonalizeInput";
import type { PersonalizePage } from "../../../types/generated/PersonalizePage";
import type { StoreSummary } from "../../../types/generated/StoreSummary";
import type { UpdateProfileRequest } from "../../../types/generated/UpdateProfileRequest";
import type { UserInfo } from "../../../types/generated/UserInfo";
import { useSession } from "../../../app/session";
import { resource } from "../../../components/records/resource";

/** PUT /users. The answer carries no store scopes, so the user's info is read again rather
 * than replaced by it. */
export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileRequest) => api<UserInfo>("/users", { method: "PUT", body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ["users", "info"] }),
  });
}

/** PUT /users/change-password: the other sessions of the account end. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordForm) => api<MessageResponse>("/users/change-password", { method: "PUT", body }),
  });
}

/** POST /users/create-store: the list of stores is read again to show it. */
export function useCreateStore() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateStoreRequest) => api<StoreSummary>("/users/create-store", { method: "POST", body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ["users", "stores"] }),
  });
}

function readPage(answer: unknown) {
  const page = answer as PersonalizePage;
  return { rows: page.personalizes, total: Number(page.total) };
}

// The spec's paths differ by a slash: the list is GET /personalizes/, a new set-up is
// POST /personalizes. Both resources share the query key, so a save refreshes the list.
const withoutSlash = resource<Personalize, PersonalizeInput>({ key: "personalizes", path: "/personalizes", read: readPage });
const withSlash = resource<Personalize, PersonalizeInput>({ key: "personalizes", path: "/personalizes", slash: true, read: readPage });

export const personalizes = { ...withoutSlash, useList: withSlash.useList };

/** GET /personalizes/count. */
export function usePersonalizeCount() {
  const storeId = useSession((state) => state.storeId);
  return useQuery({
    queryKey: ["personalizes", storeId, "list", "count"],
    queryFn: ({ signal }) => api<Count>("/personalizes/count", { signal }),
    enabled: Boolean(storeId),
  });
}

/** GET /personalizes/font. */
export function useFonts() {
  const storeId = useSession((state) => state.storeId);
  return useQuery({
    queryKey: ["personalize-fonts", storeId],
    queryFn: ({ signal }) => api<PersonalizeFont[]>("/personalizes/font", { signal }),
    enabled: Boolean(storeId),
  });
}

/** POST /personalizes/font. */
export function useAddFont() {
  const client = useQueryClient();
  const storeId = useSession((state) => state.storeId);
  return useMutation({
    mutationFn: (body: { name: string; fontUrl: string }) => api<PersonalizeFont>("/personalizes/font", { method: "POST", body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ["personalize-fonts", storeId] }),
  });
}

/** DELETE /personalizes/font/{id}. */
export function useRemoveFont() {
  const client = useQueryClient();
  const storeId = useSession((state) => state.storeId);
  return useMutation({
    mutationFn: (id: string) => api<MessageResponse>(`/personalizes/font/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: ["personalize-fonts", storeId] }),
  });
}
