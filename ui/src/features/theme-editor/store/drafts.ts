// Local drafts of the theme editor, kept in IndexedDB so that a reload, a closed tab or a lost
// network loses nothing: per theme, the config the edits start from (its server version and
// text, written when it changes), the core's command log since then (a record per command: an
// edit writes one), the batch id that sends them (kept across retries
// so the server applies them once), how many of them a Save is waiting to send, and conflicts
// not yet decided. Signing out deletes the database (app/session.ts).
import type { ThemeCommand } from "../../../core/theme";

/** The database's name; the session deletes it by this name on sign-out. */
export const DRAFTS_DB = "storeloom-editor";
/** Each draft's head (version 1: the whole draft), its base config, its commands one by one. */
const STORE = "drafts";
const BASES = "bases";
const COMMANDS = "commands";

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

/** A draft without its base config and commands: what every edit writes again. */
export type DraftHead = Omit<Draft, "baseConfig" | "commands">;

/** Where drafts are kept: IndexedDB in the browser, memory in tests. An edit writes the size of
 * the edit (`splice`: the head and the commands after the ones kept); a whole draft is written
 * only when its base changes (a save, a resume, a restore). */
export interface DraftStore {
  get(id: string): Promise<Draft | undefined>;
  put(draft: Draft): Promise<void>;
  /** Keeps the first `keep` commands of the stored draft, then `commands`, with a new head. */
  splice(head: DraftHead, keep: number, commands: readonly ThemeCommand[]): Promise<void>;
  delete(id: string): Promise<void>;
}

/** The head of a draft. */
export function headOf(draft: Draft): DraftHead {
  return { id: draft.id, baseVersion: draft.baseVersion, batchId: draft.batchId, queued: draft.queued, conflicts: draft.conflicts, updatedAt: draft.updatedAt };
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

  async splice(head: DraftHead, keep: number, commands: readonly ThemeCommand[]) {
    if (this.failWith) throw new DraftStorageError(this.failWith);
    const stored = this.drafts.get(head.id);
    if (!stored) throw new DraftStorageError(new Error(`no draft ${head.id} to add to`));
    this.drafts.set(head.id, { ...stored, ...structuredClone(head), commands: [...stored.commands.slice(0, keep), ...structuredClone(commands)] });
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

/** A draft's command as stored: one record per command, so an edit writes one. */
interface StoredCommand {
  id: string;
  index: number;
  command: ThemeCommand;
}

/** The keys of a draft's commands from `from` on. */
/** The object stores of one transaction. */
interface Stores {
  heads: IDBObjectStore;
  bases: IDBObjectStore;
  commands: IDBObjectStore;
}

const commandsFrom = (id: string, from: number) => IDBKeyRange.bound([id, from], [id, Number.MAX_SAFE_INTEGER]);

export class IdbDraftStore implements DraftStore {
  #db: Promise<IDBDatabase> | null = null;

  #open(): Promise<IDBDatabase> {
    if (!this.#db) {
      this.#db = new Promise((resolve, reject) => {
        // Version 1 kept each draft whole in DRAFTS; version 2 keeps there its head, and its
        // base config and commands apart. A version-1 draft is rewritten the new way when read.
        const req = indexedDB.open(DRAFTS_DB, 2);
        req.onupgradeneeded = (event) => {
          const db = req.result;
          if (event.oldVersion < 1) db.createObjectStore(STORE, { keyPath: "id" });
          if (event.oldVersion < 2) {
            db.createObjectStore(BASES, { keyPath: "id" });
            db.createObjectStore(COMMANDS, { keyPath: ["id", "index"] });
          }
        };
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

  /** Runs `work` in one transaction over every store; answers what it answers once committed. */
  async #tx<T>(mode: IDBTransactionMode, work: (stores: Stores) => Promise<T>): Promise<T> {
    const db = await this.#open();
    const tx = db.transaction([STORE, BASES, COMMANDS], mode);
    const done = new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error ?? new DOMException("aborted", "AbortError"));
    });
    const result = work({ heads: tx.objectStore(STORE), bases: tx.objectStore(BASES), commands: tx.objectStore(COMMANDS) });
    // A request's failure fails the transaction too: the transaction's error is the one told.
    const [value] = await Promise.all([result.catch(() => undefined as T), done]);
    return value;
  }

  async get(id: string): Promise<Draft | undefined> {
    const draft = await this.#tx("readonly", async (stores) => {
      const [head, base, commands] = await Promise.all([
        request(stores.heads.get(id)) as Promise<(DraftHead & Partial<Draft>) | undefined>,
        request(stores.bases.get(id)) as Promise<{ id: string; baseConfig: string } | undefined>,
        request(stores.commands.getAll(commandsFrom(id, 0))) as Promise<StoredCommand[]>,
      ]);
      if (!head) return undefined;
      // Written by version 1: whole in the head.
      if (Array.isArray(head.commands) && typeof head.baseConfig === "string") return { draft: head as Draft, old: true };
      return { draft: { ...head, baseConfig: base?.baseConfig ?? "", commands: commands.map((c) => c.command) } as Draft, old: false };
    });
    if (draft?.old) await this.put(draft.draft);
    return draft?.draft;
  }

  async put(draft: Draft): Promise<void> {
    try {
      await this.#tx("readwrite", async (stores) => {
        stores.heads.put(headOf(draft));
        stores.bases.put({ id: draft.id, baseConfig: draft.baseConfig });
        stores.commands.delete(commandsFrom(draft.id, 0));
        draft.commands.forEach((command, index) => stores.commands.put({ id: draft.id, index, command } satisfies StoredCommand));
      });
    } catch (error) {
      throw new DraftStorageError(error);
    }
  }

  async splice(head: DraftHead, keep: number, commands: readonly ThemeCommand[]): Promise<void> {
    try {
      await this.#tx("readwrite", async (stores) => {
        stores.heads.put(head);
        stores.commands.delete(commandsFrom(head.id, keep));
        commands.forEach((command, i) => stores.commands.put({ id: head.id, index: keep + i, command } satisfies StoredCommand));
      });
    } catch (error) {
      throw new DraftStorageError(error);
    }
  }

  async delete(id: string): Promise<void> {
    await this.#tx("readwrite", async (stores) => {
      stores.heads.delete(id);
      stores.bases.delete(id);
      stores.commands.delete(commandsFrom(id, 0));
    });
  }
}
