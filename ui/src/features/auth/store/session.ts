// The session: tokens and the chosen store, kept in local storage (shell.md §3).
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";

export interface ChosenStore {
  storeId: string;
  storeName: string;
  storeDomain: string;
  rDomain: string;
}

interface SessionState {
  accessToken: string | null;
  refreshToken: string | null;
  storeId: string | null;
  storeName: string | null;
  storeDomain: string | null;
  rDomain: string | null;
  signIn: (tokens: { accessToken: string; refreshToken: string; storeId: string | null }) => void;
  chooseStore: (store: ChosenStore) => void;
  logout: () => void;
}

const signedOut = {
  accessToken: null,
  refreshToken: null,
  storeId: null,
  storeName: null,
  storeDomain: null,
  rDomain: null,
};

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      ...signedOut,
      signIn: ({ accessToken, refreshToken, storeId }) =>
        set({ ...signedOut, accessToken, refreshToken, storeId }),
      chooseStore: (store) => set(store),
      logout: () => set(signedOut),
    }),
    {
      name: "storeloom.session",
      storage: createJSONStorage(() => localStorage),
      partialize: ({ accessToken, refreshToken, storeId, storeName, storeDomain, rDomain }) => ({
        accessToken,
        refreshToken,
        storeId,
        storeName,
        storeDomain,
        rDomain,
      }),
    },
  ),
);

/** Whether the admin pages may open: a store, an access token, its public domain and its id
 * are all held locally (shell.md §5). */
export function hasAdminSession(state: Pick<SessionState, "accessToken" | "storeId" | "rDomain" | "storeName">) {
  return Boolean(state.accessToken && state.storeId && state.rDomain && state.storeName);
}
