// Admin pages open only while the core judges the locally held session usable (shell.md §4,
// §5); otherwise the session is cleared and the user goes to login. Renewal of an expired
// access token happens in the API client, which the server's 401 triggers. Signing in again
// returns to the page asked for. The signed-in
// screens animate (framer-motion), so the motion set-up starts here, out of the sign-in pages'
// first download.
import { useEffect, useState } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { MotionProvider } from "../components/Motion";
import { judgeSession } from "../core";
import { sessionSnapshot, signInAgainPath, useSession } from "./session";

export function RequireSession() {
  // Judged once, with the session held when the guard mounts. Whoever changes the session
  // later (a refused call, a store the user left, signing out) also says where to go; were the
  // guard to judge again, it would render before that navigation lands and send the user to
  // a bare sign-in page, losing the page to return to and the shop choice's message. The
  // periodic re-check belongs to the shell layout.
  const [verdict] = useState(() => judgeSession(sessionSnapshot(useSession.getState(), Date.now())));
  const allowed = verdict.action !== "logout";
  const location = useLocation();
  useEffect(() => {
    if (!allowed) useSession.getState().logout();
  }, [allowed]);
  if (allowed)
    return (
      <MotionProvider>
        <Outlet />
      </MotionProvider>
    );
  // Signing in again comes back to this page: the router's address, the one being rendered.
  const base = import.meta.env.BASE_URL.replace(/\/$/, "");
  return <Navigate to={signInAgainPath({ ...location, pathname: `${base}${location.pathname}` })} replace />;
}
