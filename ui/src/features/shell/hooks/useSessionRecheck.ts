// The whole authentication check re-runs every 23 hours (shell.md §4): the core judges the
// session held locally at that moment; an expired access token is renewed, a refresh token
// that is missing, expired or refused ends the session; then the user's info is read again.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useEffectEvent } from "react";
import { useNavigate } from "react-router";
import { judgeSession, shellConstants } from "../../../core";
import { renewSession, sessionSnapshot, signInAgainPath, useSession } from "../../../app/session";

export function useSessionRecheck() {
  const client = useQueryClient();
  const navigate = useNavigate();
  // The navigate function changes with the address; the timer must not restart with it.
  // Signing in again returns to the page the session ended on.
  const toLogin = useEffectEvent(() => void navigate(signInAgainPath(), { replace: true }));
  useEffect(() => {
    async function recheck() {
      const verdict = judgeSession(sessionSnapshot(useSession.getState(), Date.now()));
      const usable = verdict.action === "valid" || (verdict.action === "renew" && (await renewSession()));
      if (!usable) {
        useSession.getState().logout();
        client.clear();
        toLogin();
        return;
      }
      void client.invalidateQueries({ queryKey: ["users", "info"] });
    }
    const timer = window.setInterval(() => void recheck(), shellConstants.authRecheckMs);
    return () => window.clearInterval(timer);
  }, [client]);
}
