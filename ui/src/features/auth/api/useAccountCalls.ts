// The account calls of the sign-in pages: forgot and reset password, sign-up, activation and
// staff invitations. One hook per call.
import { useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import type { ActivationResponse } from "../../../types/generated/ActivationResponse";
import type { ActivationRequest } from "../../../types/generated/ActivationRequest";
import type { ForgotPasswordForm } from "../../../types/generated/ForgotPasswordForm";
import type { InvitationInfo } from "../../../types/generated/InvitationInfo";
import type { MessageResponse } from "../../../types/generated/MessageResponse";
import type { RegisterForm } from "../../../types/generated/RegisterForm";
import type { ResetPasswordRequest } from "../../../types/generated/ResetPasswordRequest";
import type { ResetTokenStatus } from "../../../types/generated/ResetTokenStatus";

/** POST /auth/forgot_password. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: ForgotPasswordForm) => api<MessageResponse>("/auth/forgot_password", { method: "POST", body, anonymous: true }),
  });
}

/** GET /auth/signup-key?sk=: whether the key of the register link opens registration (the
 * server answers 403 otherwise and never sends the key itself). */
export function useSignupKey(signupKey: string) {
  return useQuery({
    queryKey: ["auth", "signup-key", signupKey],
    queryFn: ({ signal }) => api<MessageResponse>(`/auth/signup-key?sk=${encodeURIComponent(signupKey)}`, { anonymous: true, signal }),
    enabled: signupKey.length > 0,
    retry: false,
    staleTime: Infinity,
  });
}

/** POST /auth/signup?sk=. */
export function useSignup(signupKey: string) {
  return useMutation({
    mutationFn: (body: RegisterForm) =>
      api<MessageResponse>(`/auth/signup?sk=${encodeURIComponent(signupKey)}`, {
        method: "POST",
        body,
        anonymous: true,
      }),
  });
}

/** POST /auth/account-activation: confirms a sign-up or accepts an invitation. */
export function useActivation() {
  return useMutation({
    mutationFn: (body: ActivationRequest) => api<ActivationResponse>("/auth/account-activation", { method: "POST", body, anonymous: true }),
  });
}

/** POST /auth/check-staff-available: what an invitation offers. */
export function useInvitation(token: string) {
  return useQuery({
    queryKey: ["auth", "invitation", token],
    queryFn: () =>
      api<InvitationInfo>("/auth/check-staff-available", {
        method: "POST",
        body: { invitation_token: token },
        anonymous: true,
      }),
    enabled: token.length > 0,
    retry: false,
  });
}

/** GET /auth/verify_reset_password_token. */
export function useResetTokenStatus(token: string, enabled: boolean) {
  return useQuery({
    queryKey: ["auth", "reset-token", token],
    queryFn: () =>
      api<ResetTokenStatus>(`/auth/verify_reset_password_token?token=${encodeURIComponent(token)}`, {
        anonymous: true,
      }),
    enabled: enabled && token.length > 0,
    retry: false,
  });
}

/** POST /auth/reset_password. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (body: ResetPasswordRequest) => api<MessageResponse>("/auth/reset_password", { method: "POST", body, anonymous: true }),
  });
}
