// The session: tokens and the chosen store, kept in local storage (shell.md §3).
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import type { SessionSnapshot } from "../../../core";
import { deleteCopies } from "../../../lib/offlineCopies";
import type { LoginResponse } from "../../../types/generated/LoginResponse";

export interface ChosenStore {
  storeId: string;
  storeName: string;
  storeDomain: string;
  rDomain: string;
}

export interface SessionState {
  accessToken: string | null;
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
        set({ ...signedOut, accessToken, refreshToken, refreshExpiresAt: refreshTokenExpiresAt, storeId }),
      chooseStore: (store) => set(store),
      leaveStore: () => set({ storeId: null, storeName: null, storeDomain: null, rDomain: null }),
      renewed: ({ accessToken, refreshToken, refreshTokenExpiresAt }) =>
        set({ accessToken, refreshToken, refreshExpiresAt: refreshTokenExpiresAt }),
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
      partialize: ({ accessToken, refreshToken, refreshExpiresAt, storeId, storeName, storeDomain, rDomain }) => ({
        accessToken,
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
