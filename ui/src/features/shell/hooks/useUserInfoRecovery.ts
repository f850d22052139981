// A failed user-info call (shell.md §8: "User-info failure: the authentication check runs
// again"). The check judges the session held locally: a session that cannot go on ends (login);
// an expired access token is renewed. Then the failure itself decides: the store answered that
// the user is no member of it any more (403/404, e.g. a removed staff member), so the store is
// forgotten and the user chooses a shop again with a message saying why; other failures leave
// the page's retry (no skeleton that never ends).
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useEffectEvent } from "react";
import { useNavigate } from "react-router";
import { judgeSession } from "../../../core";
import { useUserInfo } from "../../../hooks/useStoreData";
import { ApiError } from "../../../lib/api";
import { type ShopNotice, renewSession, sessionSnapshot, signInAgainPath, useSession } from "../../../app/session";

export function useUserInfoRecovery() {
  const user = useUserInfo();
  const client = useQueryClient();
  const navigate = useNavigate();
  const recover = useEffectEvent(async (error: unknown) => {
    // A 401 has ended the session already, in the API client.
    if (error instanceof ApiError && error.status === 401) return;
    const session = useSession.getState();
    // The store has been left already (an earlier failure): the shop choice is on its way.
    if (!session.storeId) return;
    const verdict = judgeSession(sessionSnapshot(session, Date.now()));
    const usable = verdict.action === "valid" || (verdict.action === "renew" && (await renewSession()));
    if (!usable) {
      session.logout();
      client.clear();
      // Signing in again returns to this page.
      void navigate(signInAgainPath(), { replace: true });
      return;
    }
    if (error instanceof ApiError && (error.status === 403 || error.status === 404)) {
      const notice: ShopNotice = { lostStore: session.storeName };
      session.leaveStore();
      client.clear();
      void navigate("/auth/shop", { replace: true, state: notice });
    }
  });
  const failed = user.isError && !user.isFetching ? user.error : null;
  useEffect(() => {
    if (failed) void recover(failed);
  }, [failed]);
}
