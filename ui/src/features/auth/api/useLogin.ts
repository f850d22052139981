// POST /api/auth/login.
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import type { LoginRequest } from "../../../types/generated/LoginRequest";
import type { LoginResponse } from "../../../types/generated/LoginResponse";

export function useLogin() {
  return useMutation({
    mutationFn: (body: LoginRequest) => api<LoginResponse>("/auth/login", { method: "POST", body, anonymous: true }),
  });
}
