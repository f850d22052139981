// Local drafts of the theme editor, kept in IndexedDB so that a reload, a closed tab or a lost
// network loses nothing: per theme, the config the edits start from (its server version and
// text), the core's command log since then, the batch id that sends them (kept across retries
// so the server applies them once), how many of them a Save is waiting to send, and conflicts
// not yet decided. Signing out deletes the database (app/session.ts).
import type { ThemeCommand } from "../../../core/theme";

/** The database's name; the session deletes it by this name on sign-out. */
export const DRAFTS_DB = "storeloom-editor";
const STORE = "drafts";

/** A conflict the server reported on a batch: the command not applied, with both values. */
export interface DraftConflict {
  command: ThemeCommand;
  paths: string[];
  /** The value this editor had at the first path. */
  mine: unknown;
  /** The value the server has there now. */
  theirs: unknown;
}

export interface Draft {
  /** `{storeId}:{themeId}`. */
  id: string;
  baseVersion: number;
  baseConfig: string;
  commands: ThemeCommand[];
  batchId: string;
  /** How many of the first `commands` a Save asked for that have not reached the server yet
   * (pressed offline, or the server did not answer): sent when the network is back. 0 when no
   * Save waits. Only the Save button sets it: edits alone, offline or not, stay a draft. */
  queued: number;
  conflicts: DraftConflict[];
  updatedAt: number;
}

/** Where drafts are kept: IndexedDB in the browser, memory in tests. */
export interface DraftStore {
  get(id: string): Promise<Draft | undefined>;
  put(draft: Draft): Promise<void>;
  delete(id: string): Promise<void>;
}

/** A storage failure, with whether it was the browser's quota. */
export class DraftStorageError extends Error {
  readonly quota: boolean;

  constructor(cause: unknown) {
    const name = cause instanceof DOMException ? cause.name : "";
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = "DraftStorageError";
    this.quota = name === "QuotaExceededError";
  }
}

export class MemoryDraftStore implements DraftStore {
  readonly drafts = new Map<string, Draft>();
  /** Set to make the next writes fail as a full disk would. */
  failWith: unknown = null;

  async get(id: string) {
    const draft = this.drafts.get(id);
    return draft ? structuredClone(draft) : undefined;
  }

  async put(draft: Draft) {
    if (this.failWith) throw new DraftStorageError(this.failWith);
    this.drafts.set(draft.id, structuredClone(draft));
  }

  async delete(id: string) {
    this.drafts.delete(id);
  }
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

export class IdbDraftStore implements DraftStore {
  #db: Promise<IDBDatabase> | null = null;

  #open(): Promise<IDBDatabase> {
    if (!this.#db) {
      this.#db = new Promise((resolve, reject) => {
        const req = indexedDB.open(DRAFTS_DB, 1);
        req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: "id" });
        req.onsuccess = () => {
          const db = req.result;
          // Sign-out deletes the database: let it.
          db.onversionchange = () => {
            db.close();
            this.#db = null;
          };
          resolve(db);
        };
        req.onerror = () => {
          this.#db = null;
          reject(req.error);
        };
      });
    }
    return this.#db;
  }

  async #tx<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
    const db = await this.#open();
    const tx = db.transaction(STORE, mode);
    const result = request(run(tx.objectStore(STORE)));
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error ?? new DOMException("aborted", "AbortError"));
    });
    return result;
  }

  async get(id: string): Promise<Draft | undefined> {
    return (await this.#tx("readonly", (store) => store.get(id))) as Draft | undefined;
  }

  async put(draft: Draft): Promise<void> {
    try {
      await this.#tx("readwrite", (store) => store.put(draft));
    } catch (error) {
      throw new DraftStorageError(error);
    }
  }

  async delete(id: string): Promise<void> {
    await this.#tx("readwrite", (store) => store.delete(id));
  }
}
