// Admin pages open only while the core judges the locally held session usable (shell.md §4,
// §5); otherwise the session is cleared and the user goes to login. Renewal of an expired
// access token happens in the API client, which the server's 401 triggers. Signing in again
// returns to the page asked for. The signed-in
// screens animate (framer-motion), so the motion set-up starts here, out of the sign-in pages'
// first download.
import { useEffect, useState } from "react";
import { Navigate, Outlet } from "react-router";
import { MotionProvider } from "../components/Motion";
import { judgeSession } from "../core";
import { sessionSnapshot, useSession } from "../features/auth/store/session";
import { signInAgainPath } from "./signInAgain";

export function RequireSession() {
  const state = useSession();
  // Judged at the time the guard mounts; the periodic re-check belongs to the shell layout.
  const [mountedAt] = useState(Date.now);
  const verdict = judgeSession(sessionSnapshot(state, mountedAt));
  const allowed = verdict.action !== "logout";
  const logout = state.logout;
  useEffect(() => {
    if (!allowed) logout();
  }, [allowed, logout]);
  return allowed ? (
    <MotionProvider>
      <Outlet />
    </MotionProvider>
  ) : (
    // Signing in again comes back to this page.
    <Navigate to={signInAgainPath()} replace />
  );
}
