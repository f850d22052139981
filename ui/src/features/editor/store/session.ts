// The editing session: the resident core `ThemeEditor` that holds the document, the local draft
// that survives reloads, closed tabs and lost networks, and the queue that sends the core's
// command log to the server's batch endpoint. Framework-free, so the offline rules are tested
// with plain data (session.test.ts); React reads it through `useSyncExternalStore`.
//
// The draft is the config the edits start from (a server version) plus the commands made since.
// A save sends them as one batch with a batch id chosen once: a retry after a lost answer gets
// the first answer, so the commands reach the server exactly once. Commands on paths another
// save changed come back as conflicts, kept with both values until the user chooses.
import { ApiError } from "../../../lib/api";
import { type ApplyOutcome, type PreviewChange, type ThemeCommand, ThemeEditor, previewChange } from "../../../core/theme";
import type { BatchOutcome } from "../../../types/generated/BatchOutcome";
import type { CommandBatch } from "../../../types/generated/CommandBatch";
import { type Draft, type DraftConflict, DraftStorageError, type DraftStore } from "./drafts";

export type SaveStatus = "saved" | "saving" | "unsaved" | "offline" | "conflict";

/** The server as the session needs it. */
export interface Remote {
  fetchConfig(): Promise<{ version: number; config: unknown }>;
  postBatch(batch: CommandBatch): Promise<BatchOutcome>;
}

export interface SessionSnapshot {
  status: SaveStatus;
  /** Adds one whenever the document changes (edit, undo, redo, save that reloads). */
  revision: number;
  baseVersion: number;
  pending: number;
  canUndo: boolean;
  canRedo: boolean;
  conflicts: DraftConflict[];
  /** The last local storage failure: `quota` when the browser's storage is full. */
  storageError: "quota" | "other" | null;
  /** The server's messages of the last failed save (not a network failure). */
  saveError: string[] | null;
}

export interface OpenOptions {
  id: string;
  store: DraftStore;
  remote: Remote;
  online: boolean;
  newBatchId?: () => string;
  now?: () => number;
}

const randomId = () =>
  typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;

function isNetworkFailure(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}

function replay(config: string, commands: ThemeCommand[]): ThemeEditor {
  const editor = ThemeEditor.load(config);
  for (const command of commands) editor.apply(command);
  return editor;
}

export class EditorSession {
  #editor: ThemeEditor;
  #draft: Draft;
  readonly #store: DraftStore;
  readonly #remote: Remote;
  readonly #newBatchId: () => string;
  readonly #now: () => number;
  #online: boolean;
  #unreachable = false;
  #saving: Promise<void> | null = null;
  #writing: Promise<void> = Promise.resolve();
  #listeners = new Set<() => void>();
  #snapshot: SessionSnapshot;
  #revision = 0;
  #storageError: SessionSnapshot["storageError"] = null;
  #saveError: string[] | null = null;
  /** The paths changed since the preview last asked; `null` when not known (a reload). */
  #touched: string[] | null = null;

  private constructor(editor: ThemeEditor, draft: Draft, options: OpenOptions) {
    this.#editor = editor;
    this.#draft = draft;
    this.#store = options.store;
    this.#remote = options.remote;
    this.#online = options.online;
    this.#newBatchId = options.newBatchId ?? randomId;
    this.#now = options.now ?? Date.now;
    this.#snapshot = this.#makeSnapshot();
  }

  /** Opens a theme: the local draft when it holds edits (replayed on its base), else the
   * server's config. Fails only when neither can be had. */
  static async open(options: OpenOptions): Promise<EditorSession> {
    let draft: Draft | undefined;
    let storageFailed = false;
    try {
      draft = await options.store.get(options.id);
    } catch {
      storageFailed = true;
    }
    const hasWork = Boolean(draft && (draft.commands.length > 0 || draft.conflicts.length > 0 || draft.queued));
    let record: { version: number; config: unknown } | null = null;
    if (!hasWork) record = await options.remote.fetchConfig();
    let session: EditorSession;
    if (draft && hasWork) {
      session = new EditorSession(replay(draft.baseConfig, draft.commands), draft, options);
    } else {
      const config = JSON.stringify(record?.config);
      const fresh: Draft = {
        id: options.id,
        baseVersion: Number(record?.version),
        baseConfig: config,
        commands: [],
        batchId: (options.newBatchId ?? randomId)(),
        queued: false,
        conflicts: [],
        updatedAt: (options.now ?? Date.now)(),
      };
      session = new EditorSession(ThemeEditor.load(config), fresh, options);
    }
    if (storageFailed) session.#storageError = "other";
    session.#emit();
    if (session.#draft.queued && session.#online) void session.save();
    return session;
  }

  get editor(): ThemeEditor {
    return this.#editor;
  }

  get draft(): Readonly<Draft> {
    return this.#draft;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  getSnapshot = (): SessionSnapshot => this.#snapshot;

  #makeSnapshot(): SessionSnapshot {
    const pending = this.#draft.commands.length;
    let status: SaveStatus;
    if (this.#draft.conflicts.length > 0) status = "conflict";
    else if (this.#saving) status = "saving";
    else if (!this.#online || (this.#unreachable && pending > 0)) status = "offline";
    else status = pending > 0 ? "unsaved" : "saved";
    return {
      status,
      revision: this.#revision,
      baseVersion: this.#draft.baseVersion,
      pending,
      canUndo: this.#editor.canUndo() && !this.#saving,
      canRedo: this.#editor.canRedo() && !this.#saving,
      conflicts: this.#draft.conflicts,
      storageError: this.#storageError,
      saveError: this.#saveError,
    };
  }

  #emit() {
    this.#snapshot = this.#makeSnapshot();
    for (const listener of this.#listeners) listener();
  }

  /** Writes the draft; writes happen one after another, in order, each in a task of its own
   * right after the edit's (copying a large draft into storage then does not delay the edit's
   * preview). */
  #persist(): Promise<void> {
    const copy: Draft = { ...this.#draft, commands: [...this.#draft.commands], conflicts: [...this.#draft.conflicts] };
    this.#writing = this.#writing
      .then(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))
      .then(() => this.#store.put(copy))
      .then(
        () => {
          if (this.#storageError) {
            this.#storageError = null;
            this.#emit();
          }
        },
        (error: unknown) => {
          this.#storageError = error instanceof DraftStorageError && error.quota ? "quota" : "other";
          this.#emit();
        },
      );
    return this.#writing;
  }

  /** Waits until every draft write so far is done. */
  flushed(): Promise<void> {
    return this.#writing;
  }

  /** Notes the paths a change replaced (`null`: the whole document may have changed). */
  #touch(paths: string[] | null) {
    this.#touched = paths && this.#touched ? [...this.#touched, ...paths] : null;
  }

  /** What changed since the last call when it is only sections' contents and the style (the
   * core's `previewChange`): the preview renders those alone. `null`: the whole page. */
  takePreviewChange = (): PreviewChange | null => {
    const paths = this.#touched;
    this.#touched = [];
    return paths && paths.length > 0 ? previewChange(paths) : null;
  };

  /** The document changed at `paths`: the draft and the preview's count follow. */
  #changed(paths: string[]) {
    this.#touch(paths);
    this.#draft = {
      ...this.#draft,
      commands: this.#editor.log(),
      queued: this.#draft.queued || !this.#online,
      updatedAt: this.#now(),
    };
    this.#revision += 1;
    void this.#persist();
    this.#emit();
  }

  /** Applies a command through the core; a refused one changes nothing and says why. */
  apply(command: ThemeCommand): ApplyOutcome {
    const outcome = this.#editor.apply(command);
    if (outcome.outcome === "applied") this.#changed(outcome.change.paths);
    return outcome;
  }

  undo(): ApplyOutcome | null {
    if (this.#saving) return null;
    const outcome = this.#editor.undo();
    if (outcome.outcome === "applied") this.#changed(outcome.change.paths);
    return outcome;
  }

  redo(): ApplyOutcome | null {
    if (this.#saving) return null;
    const outcome = this.#editor.redo();
    if (outcome.outcome === "applied") this.#changed(outcome.change.paths);
    return outcome;
  }

  /** The browser's network state changed; back online, a queued save is sent. */
  setOnline(online: boolean) {
    this.#online = online;
    if (online) this.#unreachable = false;
    this.#emit();
    if (online && this.#draft.queued && this.#draft.commands.length > 0) void this.save();
  }

  /** Sends a queued save again when the server could not be reached (called every few seconds). */
  retry() {
    if (this.#online && this.#unreachable && this.#draft.queued && this.#draft.commands.length > 0) void this.save();
  }

  /** Sends the pending commands as one batch (once at a time). */
  save(): Promise<void> {
    if (this.#saving) return this.#saving;
    if (this.#draft.commands.length === 0) {
      if (this.#draft.queued) {
        this.#draft = { ...this.#draft, queued: false };
        void this.#persist();
        this.#emit();
      }
      return Promise.resolve();
    }
    this.#draft = { ...this.#draft, queued: true };
    void this.#persist();
    if (!this.#online) {
      this.#emit();
      return Promise.resolve();
    }
    this.#saving = this.#send().finally(() => {
      this.#saving = null;
      this.#emit();
    });
    this.#emit();
    return this.#saving;
  }

  async #send(): Promise<void> {
    const sent = [...this.#draft.commands];
    const base = this.#draft.baseVersion;
    let outcome: BatchOutcome;
    try {
      // The generated type says bigint for the server's i64; JSON carries a plain number.
      outcome = await this.#remote.postBatch({ batchId: this.#draft.batchId, baseVersion: base as unknown as bigint, commands: sent });
    } catch (error) {
      if (isNetworkFailure(error)) {
        this.#unreachable = true;
      } else {
        // Refused (a command the server's engine refuses): kept, not sent again by itself.
        this.#saveError = error instanceof ApiError ? error.messages : [String(error)];
        this.#draft = { ...this.#draft, queued: false };
        void this.#persist();
      }
      return;
    }
    this.#saveError = null;
    this.#unreachable = false;
    // Commands made while the batch was on its way (undo is off meanwhile, so they follow it).
    const extra = this.#editor.log().slice(sent.length);
    const reported = outcome.report.conflicts;
    const clean = reported.length === 0 && !outcome.repeated && Number(outcome.version) === base + 1;
    let config: string;
    let version: number;
    if (clean && extra.length === 0) {
      config = this.#editor.configJson();
      version = Number(outcome.version);
    } else {
      let record: { version: number; config: unknown };
      try {
        record = await this.#remote.fetchConfig();
      } catch {
        // The batch id is kept: sending again gets the recorded answer, nothing twice.
        this.#unreachable = true;
        return;
      }
      config = JSON.stringify(record.config);
      version = Number(record.version);
    }
    const next = ThemeEditor.load(config);
    const conflicts: DraftConflict[] = reported.map((conflict) => {
      const path = conflict.paths[0] ?? conflict.error?.path ?? "";
      return {
        command: sent[conflict.index] as ThemeCommand,
        paths: conflict.paths,
        mine: path ? this.#editor.read(path) : undefined,
        theirs: path ? next.read(path) : undefined,
      };
    });
    for (const command of extra) next.apply(command);
    this.#editor.free();
    this.#editor = next;
    this.#draft = {
      id: this.#draft.id,
      baseVersion: version,
      baseConfig: config,
      commands: next.log(),
      batchId: this.#newBatchId(),
      queued: extra.length > 0 && this.#draft.queued && !this.#online,
      conflicts: [...this.#draft.conflicts, ...conflicts],
      updatedAt: this.#now(),
    };
    this.#touch(null);
    this.#revision += 1;
    await this.#persist();
  }

  /** Decides a conflict: `mine` applies the command again over the server's value (then it is
   * an edit like any other, saved with the next save), `theirs` keeps the server's value. */
  resolveConflict(index: number, choice: "mine" | "theirs"): ApplyOutcome | null {
    const conflict = this.#draft.conflicts[index];
    if (!conflict) return null;
    let outcome: ApplyOutcome | null = null;
    if (choice === "mine") {
      outcome = this.#editor.apply(conflict.command);
      if (outcome.outcome === "rejected") return outcome;
    }
    this.#draft = { ...this.#draft, conflicts: this.#draft.conflicts.filter((_, i) => i !== index) };
    if (outcome?.outcome === "applied") this.#changed(outcome.change.paths);
    else {
      this.#revision += 1;
      void this.#persist();
      this.#emit();
    }
    return outcome;
  }

  /** Starts again from the server's config (after a restore); only without pending edits. */
  async reload(): Promise<void> {
    const record = await this.#remote.fetchConfig();
    const config = JSON.stringify(record.config);
    const next = ThemeEditor.load(config);
    this.#editor.free();
    this.#editor = next;
    this.#draft = {
      ...this.#draft,
      baseVersion: Number(record.version),
      baseConfig: config,
      commands: [],
      batchId: this.#newBatchId(),
      queued: false,
    };
    this.#touch(null);
    this.#revision += 1;
    await this.#persist();
    this.#emit();
  }

  /** Releases the core's memory. */
  dispose() {
    this.#listeners.clear();
    this.#editor.free();
  }
}
