// What every field component of the editor reads: the session (the resident core document), and,
// apart, the revision that changes with it. A component that reads the core beyond its own
// value props subscribes to the revision (`useRevision`); the others re-render only when the
// values they are given change, so an edit redraws the fields it touched, not the whole panel.
import { createContext, useContext, useState } from "react";
import type { EditorSession } from "../store/session";

export interface EditorContextValue {
  session: EditorSession;
}

export const EditorContext = createContext<EditorContextValue | null>(null);
export const RevisionContext = createContext(0);

export function useEditor(): EditorContextValue {
  const value = useContext(EditorContext);
  if (!value) throw new Error("useEditor outside the editor");
  return value;
}

/** The document's revision: a component calling this redraws after every change. */
export function useRevision(): number {
  return useContext(RevisionContext);
}

/** `next`, with every part equal to the same part of `previous` replaced by that part. */
export function share<T>(previous: unknown, next: T): T {
  if (Object.is(previous, next)) return next;
  if (typeof previous !== "object" || typeof next !== "object" || previous === null || next === null) return next;
  if (Array.isArray(previous) !== Array.isArray(next)) return next;
  if (Array.isArray(next)) {
    const before = previous as unknown[];
    let same = before.length === next.length;
    const out = next.map((item, index) => {
      const kept = share(before[index], item);
      if (kept !== before[index]) same = false;
      return kept;
    });
    return (same ? before : out) as T;
  }
  const before = previous as Record<string, unknown>;
  const after = next as Record<string, unknown>;
  const keys = Object.keys(after);
  const beforeKeys = Object.keys(before);
  let same = keys.length === beforeKeys.length;
  const out: Record<string, unknown> = {};
  keys.forEach((key, index) => {
    const kept = share(before[key], after[key]);
    // The same keys in the same order: field order follows the config's.
    if (kept !== before[key] || beforeKeys[index] !== key) same = false;
    out[key] = kept;
  });
  return (same ? before : out) as T;
}

/** A value read from the core, sharing with the last one every part that did not change, so
 * memoised fields under it skip their render. */
export function useShared<T>(value: T): T {
  const [kept, setKept] = useState(value);
  const next = share(kept, value);
  // Storing it during render: React renders this component again at once, before any child.
  if (next !== kept) setKept(next);
  return next;
}
