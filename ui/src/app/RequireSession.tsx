// Admin pages need a store, an access token, the store's public domain and its id held
// locally (shell.md §5); otherwise the session is cleared and the user goes to login.
import { useEffect } from "react";
import { Navigate, Outlet } from "react-router";
import { hasAdminSession, useSession } from "../features/auth/store/session";

export function RequireSession() {
  const allowed = useSession(hasAdminSession);
  const logout = useSession((state) => state.logout);
  useEffect(() => {
    if (!allowed) logout();
  }, [allowed, logout]);
  return allowed ? <Outlet /> : <Navigate to="/auth/login" replace />;
}
