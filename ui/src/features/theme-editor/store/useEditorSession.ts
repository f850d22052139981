// Opens the editing session of a theme for React: the draft store, the server calls (the config,
// saves, the user's draft on the server, the theme's live session), the browser's online state, and the session's snapshot
// through useSyncExternalStore.
import { useEffect, useState, useSyncExternalStore } from "react";
import { useSession } from "../../../app/session";
import type { ThemeCommand } from "../../../core/theme";
import {
  deleteDraft,
  fetchConfig,
  fetchDraft,
  fetchVersion,
  followLive,
  joinLive,
  patchDraft,
  postBatch,
  putDraft,
  putLivePresence,
  saveLive,
  sendLiveCommands,
} from "../api/calls";
import { IdbDraftStore } from "./drafts";
import { EditorSession, type SessionSnapshot } from "./session";

const drafts = new IdbDraftStore();
const idle = () => () => {};
/** How often a save the server did not answer is tried again. */
const RETRY_MS = 5000;

export function useEditorSession(themeId: string) {
  const storeId = useSession((state) => state.storeId) ?? "";
  const [state, setState] = useState<{ session: EditorSession | null; error: unknown }>({ session: null, error: null });
  // Each try to open the session (Retry after a failure opens it again).
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    let opened: EditorSession | null = null;
    EditorSession.open({
      id: `${storeId}:${themeId}`,
      store: drafts,
      remote: {
        fetchConfig: async () => {
          const record = await fetchConfig(themeId);
          return { version: Number(record.version), config: record.config };
        },
        fetchVersion: async (version) => {
          const detail = await fetchVersion(themeId, version);
          return { version: Number(detail.version.version), config: detail.config };
        },
        postBatch: (batch) => postBatch(themeId, batch),
        fetchDraft: async () => {
          const draft = await fetchDraft(themeId);
          return draft
            ? { baseVersion: draft.baseVersion, commands: draft.commands as ThemeCommand[], updatedAt: draft.updatedAt, revision: draft.revision }
            : null;
        },
        putDraft: (draft) => putDraft(themeId, draft),
        patchDraft: (patch) => patchDraft(themeId, patch),
        deleteDraft: () => deleteDraft(themeId),
      },
      live: {
        join: () => joinLive(themeId),
        send: (input) => sendLiveCommands(themeId, input),
        follow: (after, on, signal) => followLive(themeId, after, on, signal),
        save: () => saveLive(themeId),
        presence: (input) => putLivePresence(themeId, input),
      },
      online: navigator.onLine,
    }).then(
      (session) => {
        if (!live) return session.dispose();
        opened = session;
        setState({ session, error: null });
      },
      (error: unknown) => live && setState({ session: null, error }),
    );
    return () => {
      live = false;
      opened?.dispose();
    };
  }, [storeId, themeId, attempt]);

  const session = state.session;
  useEffect(() => {
    if (!session) return;
    const online = () => session.setOnline(true);
    const offline = () => session.setOnline(false);
    window.addEventListener("online", online);
    window.addEventListener("offline", offline);
    const retry = window.setInterval(() => session.retry(), RETRY_MS);
    return () => {
      window.clearInterval(retry);
      window.removeEventListener("online", online);
      window.removeEventListener("offline", offline);
    };
  }, [session]);

  const snapshot: SessionSnapshot | null = useSyncExternalStore(session ? session.subscribe : idle, () => (session ? session.getSnapshot() : null));
  const retry = () => {
    setState({ session: null, error: null });
    setAttempt((n) => n + 1);
  };
  return { session, snapshot, error: state.error, loading: !session && !state.error, retry };
}
