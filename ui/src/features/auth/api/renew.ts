// GET /api/auth/renew-access-token: spends the refresh token for a new pair. Concurrent
// callers share one renewal, since a refresh token works once.
import type { RenewResponse } from "../../../types/generated/RenewResponse";
import { useSession } from "../store/session";

let inFlight: Promise<boolean> | null = null;

async function renewOnce(): Promise<boolean> {
  const { refreshToken, renewed } = useSession.getState();
  if (!refreshToken) return false;
  try {
    const response = await fetch("/api/auth/renew-access-token", { headers: { "X-Refresh-Token": refreshToken } });
    if (!response.ok) return false;
    renewed((await response.json()) as RenewResponse);
    return true;
  } catch {
    return false;
  }
}

/** Renews the session's tokens; true when it worked. */
export function renewSession(): Promise<boolean> {
  inFlight ??= renewOnce().finally(() => {
    inFlight = null;
  });
  return inFlight;
}
