// What every field component of the editor reads: the session (the resident core document) and
// the revision that changes with it.
import { createContext, useContext } from "react";
import type { EditorSession } from "../store/session";

export interface EditorContextValue {
  session: EditorSession;
  revision: number;
}

export const EditorContext = createContext<EditorContextValue | null>(null);

export function useEditor(): EditorContextValue {
  const value = useContext(EditorContext);
  if (!value) throw new Error("useEditor outside the editor");
  return value;
}
