// Copies of the few answers every admin screen needs (who the user is, the chosen store), kept in
// localStorage so that the admin opens without a network (the theme editor's drafts are worked on
// offline). They are read only while the browser is offline, so a screen never decides on a stale
// copy when the server can answer; signing out deletes them.
const PREFIX = "storeloom.offline.";

/** Keeps the latest answer of `key`; a full storage only loses the copy. */
export function keepCopy(key: string, value: unknown): void {
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // The copy is a convenience: the answer itself is still used.
  }
}

/** The kept answer of `key` while the browser is offline; nothing when online or never kept. */
export function offlineCopy<T>(key: string): T | undefined {
  if (typeof navigator === "undefined" || navigator.onLine || typeof localStorage === "undefined") return undefined;
  try {
    const text = localStorage.getItem(PREFIX + key);
    return text === null ? undefined : (JSON.parse(text) as T);
  } catch {
    return undefined;
  }
}

/** Deletes every kept answer (at sign-out). */
export function deleteCopies(): void {
  if (typeof localStorage === "undefined") return;
  for (const key of Object.keys(localStorage)) if (key.startsWith(PREFIX)) localStorage.removeItem(key);
}
