// The session: tokens and the chosen store, kept in local storage (shell.md §3); their renewal;
// and where a session that ended sends the user. The one module of app/ that features import.
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import { type SessionSnapshot, accessRenewDue, returnPath } from "../core";
import { deleteCopies } from "../lib/offlineCopies";
import type { LoginResponse } from "../types/generated/LoginResponse";
import type { RenewResponse } from "../types/generated/RenewResponse";

export interface ChosenStore {
  storeId: string;
  storeName: string;
  storeDomain: string;
  rDomain: string;
}

export interface SessionState {
  accessToken: string | null;
  /** When the access token arrived, on this device's clock (its lifetime is counted from it). */
  accessReceivedAt: number | null;
  refreshToken: string | null;
  refreshExpiresAt: number | null;
  storeId: string | null;
  storeName: string | null;
  storeDomain: string | null;
  rDomain: string | null;
  signIn: (tokens: LoginResponse) => void;
  chooseStore: (store: ChosenStore) => void;
  /** Forgets the chosen store and keeps the sign-in (the store is no longer the user's). */
  leaveStore: () => void;
  renewed: (tokens: { accessToken: string; refreshToken: string; refreshTokenExpiresAt: number }) => void;
  logout: () => void;
}

const signedOut = {
  accessToken: null,
  accessReceivedAt: null,
  refreshToken: null,
  refreshExpiresAt: null,
  storeId: null,
  storeName: null,
  storeDomain: null,
  rDomain: null,
};

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      ...signedOut,
      signIn: ({ accessToken, refreshToken, refreshTokenExpiresAt, storeId }) =>
        set({ ...signedOut, accessToken, accessReceivedAt: Date.now(), refreshToken, refreshExpiresAt: refreshTokenExpiresAt, storeId }),
      chooseStore: (store) => set(store),
      leaveStore: () => set({ storeId: null, storeName: null, storeDomain: null, rDomain: null }),
      renewed: ({ accessToken, refreshToken, refreshTokenExpiresAt }) =>
        set({ accessToken, accessReceivedAt: Date.now(), refreshToken, refreshExpiresAt: refreshTokenExpiresAt }),
      logout: () => {
        set(signedOut);
        // The theme editor's local drafts and the answers kept for offline use belong to the
        // signed-in user: gone with the session.
        if (typeof indexedDB !== "undefined") indexedDB.deleteDatabase("storeloom-editor");
        deleteCopies();
      },
    }),
    {
      name: "storeloom.session",
      storage: createJSONStorage(() => localStorage),
      partialize: ({ accessToken, accessReceivedAt, refreshToken, refreshExpiresAt, storeId, storeName, storeDomain, rDomain }) => ({
        accessToken,
        accessReceivedAt,
        refreshToken,
        refreshExpiresAt,
        storeId,
        storeName,
        storeDomain,
        rDomain,
      }),
    },
  ),
);

/** What the core needs to judge the session held locally (shell.md §4, §5). */
export function sessionSnapshot(state: SessionState, nowMs: number): SessionSnapshot {
  return {
    accessToken: state.accessToken,
    refreshToken: state.refreshToken,
    refreshExpiresAt: state.refreshExpiresAt,
    storeId: state.storeId,
    store: state.storeName,
    rDomain: state.rDomain,
    scopes: null,
    nowMs,
  };
}

/** Set by the frame when the user's info answered that the chosen store is no longer theirs: the
 * shop choice's navigation state. */
export interface ShopNotice {
  lostStore?: string | null;
}

// GET /api/auth/renew-access-token: spends the refresh token for a new pair. Concurrent
// callers share one renewal, since a refresh token works once.
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

/** Whether the access token is to be renewed before the next call goes out (the core's verdict:
 * unreadable, or its lifetime counted on this device from its arrival nearly over). */
export function renewDue(): boolean {
  const { accessToken, accessReceivedAt } = useSession.getState();
  return Boolean(accessToken) && accessRenewDue(accessToken!, accessReceivedAt, Date.now());
}

/** Renews the session's tokens; true when it worked. */
export function renewSession(): Promise<boolean> {
  inFlight ??= renewOnce().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

// Where a session that ended sends the user: the sign-in page, carrying the page they were on
// so that signing in again returns there (issue 28). Only a path the core finds a safe admin
// path travels; anything else (another origin) is dropped.

/** The sign-in page's address for a session that ended on the page at `location` (the current
 * one by default): it carries that page, when the core finds it a safe admin path, to return
 * to after signing in again. */
export function signInAgainPath(location: { pathname: string; search: string; hash: string } = window.location): string {
  const base = import.meta.env.BASE_URL.replace(/\/$/, "");
  const inAdmin = location.pathname === base || location.pathname.startsWith(`${base}/`);
  const path = inAdmin ? location.pathname.slice(base.length) || "/" : location.pathname;
  const back = returnPath(`${path}${location.search}${location.hash}`);
  return back && back !== "/" ? `/auth/login?next=${encodeURIComponent(back)}` : "/auth/login";
}
