// The editing session: the resident core `ThemeEditor` that holds the document, the local draft
// that survives reloads, closed tabs and lost networks, its copy on the server for the user's
// other devices, and the queue that sends the core's command log to the server's batch
// endpoint. Framework-free, so the offline rules are tested with plain data (session.test.ts);
// React reads it through `useSyncExternalStore`.
//
// The draft is the config the edits start from (a server version) plus the commands made since.
// Only the Save button publishes them (spec §4): edits, offline or not, stay a draft, and a
// network coming back sends nothing by itself except a Save that was pressed while it was away.
// A save sends the commands as one batch with a batch id chosen once: a retry after a lost
// answer gets the first answer, so the commands reach the server exactly once. Commands on paths
// another save changed come back as conflicts, kept with both values until the user chooses.
//
// While online, the draft is also written to the server (a second after the last edit), which
// keeps it for the user's other devices and never publishes it; opening the editor offers a
// newer draft found there (Resume or Discard).
//
// Every change of the document is one step of a stream (the core's command, merged into the one
// before when it continues typing in the same field; an undo; a redo), and each consumer takes
// the step, not the document: the local draft appends it (`DraftStore.splice`), the server's
// copy gets the commands since the revision it acknowledged (a PATCH), and the preview frame
// runs it on its own copy (`onStream`, told in the same task, before React hears of it). The
// whole document goes only where a copy starts or is found to differ (`reset`).
import { ApiError } from "../../../lib/api";
import { type ApplyOutcome, type EditorOp, type ThemeCommand, ThemeEditor } from "../../../core/theme";
import type { BatchOutcome } from "../../../types/generated/BatchOutcome";
import type { CommandBatch } from "../../../types/generated/CommandBatch";
import { type Draft, type DraftConflict, DraftStorageError, type DraftStore, headOf } from "./drafts";

export type SaveStatus = "saved" | "saving" | "unsaved" | "offline" | "conflict";

/** The user's draft as the server keeps it. */
export interface RemoteDraft {
  baseVersion: number;
  commands: ThemeCommand[];
  /** When the server took it (the server's clock, ms). */
  updatedAt: number;
  /** Adds one at every write: a PATCH names the revision it continues. */
  revision: number;
}

/** What the server acknowledged holding of this user's draft: `none`, a draft, or not known. */
type ServerCopy = { baseVersion: number; commands: readonly ThemeCommand[]; revision: number } | "none" | null;

/** A step of the document's stream, as the preview frame takes it: the ops that lead from the
 * fingerprint `from` to `to`; or `reset`, when the document was replaced (a save that reloads,
 * a restore, a resumed draft) and a copy must start again from the whole of it. */
export type StreamEvent = { kind: "ops"; from: string; to: string; ops: EditorOp[] } | { kind: "reset" };

/** The server as the session needs it. */
export interface Remote {
  fetchConfig(): Promise<{ version: number; config: unknown }>;
  /** A saved version's config (the base of a draft made on another device). */
  fetchVersion(version: number): Promise<{ version: number; config: unknown }>;
  postBatch(batch: CommandBatch): Promise<BatchOutcome>;
  /** The user's draft on the server; `null` when there is none. */
  fetchDraft(): Promise<RemoteDraft | null>;
  putDraft(draft: { baseVersion: number; commands: ThemeCommand[] }): Promise<{ revision: number }>;
  /** Keeps the first `keep` commands of the server's copy at `revision`, then `commands`; fails
   * with a 409 when the server's copy is not at that revision. */
  patchDraft(patch: { baseVersion: number; revision: number; keep: number; commands: ThemeCommand[] }): Promise<{ revision: number }>;
  deleteDraft(): Promise<void>;
}

/** How long after the last edit the draft is written to the server. */
export const DRAFT_PUSH_MS = 1000;

export interface SessionSnapshot {
  status: SaveStatus;
  /** Adds one whenever the document changes (edit, undo, redo, save that reloads). */
  revision: number;
  baseVersion: number;
  /** The commands not saved yet. */
  pending: number;
  /** How many of them a Save is waiting to send (pressed while the network was away). */
  queued: number;
  canUndo: boolean;
  canRedo: boolean;
  conflicts: DraftConflict[];
  /** The last local storage failure: `quota` when the browser's storage is full. */
  storageError: "quota" | "other" | null;
  /** The server's messages of the last failed save (not a network failure). */
  saveError: string[] | null;
  /** A newer draft found on the server, made on another device: offered until resumed or
   * discarded. */
  remoteDraft: { count: number; updatedAt: number } | null;
}

export interface OpenOptions {
  id: string;
  store: DraftStore;
  remote: Remote;
  online: boolean;
  newBatchId?: () => string;
  now?: () => number;
  /** How long after the last edit the draft is written to the server (DRAFT_PUSH_MS). */
  draftDelayMs?: number;
}

const randomId = () => (typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`);

function isNetworkFailure(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}

/** Whether two snapshots say the same (React need not draw again). */
function sameSnapshot(a: SessionSnapshot, b: SessionSnapshot): boolean {
  return (
    a.status === b.status &&
    a.revision === b.revision &&
    a.baseVersion === b.baseVersion &&
    a.pending === b.pending &&
    a.queued === b.queued &&
    a.canUndo === b.canUndo &&
    a.canRedo === b.canRedo &&
    a.conflicts === b.conflicts &&
    a.storageError === b.storageError &&
    a.saveError === b.saveError &&
    a.remoteDraft?.count === b.remoteDraft?.count &&
    a.remoteDraft?.updatedAt === b.remoteDraft?.updatedAt
  );
}

/** How many first items two lists share (the same objects). */
function sharedPrefix<T>(a: readonly T[], b: readonly T[]): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  return i;
}

function replay(config: string, commands: readonly ThemeCommand[]): ThemeEditor {
  const editor = ThemeEditor.load(config);
  for (const command of commands) editor.apply(command);
  return editor;
}

/** JSON with every object's keys sorted: the same commands give the same text whoever wrote
 * them (the server may give keys back in another order). */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === "object" && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

/** What a draft holds, as one text; empty when it holds no command (then the server keeps none). */
function draftKey(draft: { baseVersion: number; commands: readonly unknown[] }): string {
  return draft.commands.length > 0 ? canonical([Number(draft.baseVersion), draft.commands]) : "";
}

/** A draft as stored, from this version or an older one (whose `queued` was a flag that offline
 * edits set without a Save: read as no Save waiting). */
function normalized(draft: Draft): Draft {
  const queued = typeof draft.queued === "number" ? Math.max(0, Math.min(draft.queued, draft.commands.length)) : 0;
  return queued === draft.queued ? draft : { ...draft, queued };
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
  readonly #draftDelayMs: number;
  /** What the server's copy of the draft holds; `null` when unknown. */
  #server: ServerCopy = null;
  /** The field being typed in: its next keystroke continues the same command. */
  #typing: string | null = null;
  /** The document's fingerprint as the stream's consumers last heard it. */
  #fingerprint: string;
  #streams = new Set<(event: StreamEvent) => void>();
  /** Keystrokes continued the typing since the revision last moved on. */
  #typedSince = false;
  /** A write of the draft failed: the next one writes it whole. */
  #storeBehind = false;
  /** How many commands a Save covers in the draft as last written to the device's store: the
   * status says a Save waits for the network only once that is on the device (a reload or a
   * closed tab then keeps it). */
  #storedQueued = 0;
  #disposed = false;
  /** The channel that tells the snapshot's listeners a task later (`#emitSoon`). */
  #notices: MessageChannel | null = null;
  #noticeDue = false;
  /** The server's copy may be behind this device's draft: written when the network allows. */
  #pushDue = false;
  #pushTimer: ReturnType<typeof setTimeout> | null = null;
  #pushing: Promise<void> = Promise.resolve();
  /** A newer draft of another device, offered to resume. */
  #offer: RemoteDraft | null = null;

  private constructor(editor: ThemeEditor, draft: Draft, options: OpenOptions) {
    this.#editor = editor;
    this.#draft = draft;
    this.#store = options.store;
    this.#remote = options.remote;
    this.#online = options.online;
    this.#newBatchId = options.newBatchId ?? randomId;
    this.#now = options.now ?? Date.now;
    this.#draftDelayMs = options.draftDelayMs ?? DRAFT_PUSH_MS;
    this.#fingerprint = editor.fingerprint;
    this.#snapshot = this.#makeSnapshot();
  }

  /** Opens a theme: the local draft when it holds edits (replayed on its base), else the
   * server's config; online, the server's copy of the user's draft too, offered when another
   * device made it later. Fails only when neither config can be had. */
  static async open(options: OpenOptions): Promise<EditorSession> {
    let draft: Draft | undefined;
    let storageFailed = false;
    try {
      const stored = await options.store.get(options.id);
      draft = stored ? normalized(stored) : undefined;
    } catch {
      storageFailed = true;
    }
    const hasWork = Boolean(draft && (draft.commands.length > 0 || draft.conflicts.length > 0 || draft.queued > 0));
    // `undefined`: the server's draft could not be read (offline, or no answer).
    const [record, remote] = await Promise.all([
      hasWork ? null : options.remote.fetchConfig(),
      options.online ? options.remote.fetchDraft().catch(() => undefined) : undefined,
    ]);
    let session: EditorSession;
    if (draft && hasWork) {
      session = new EditorSession(replay(draft.baseConfig, draft.commands), draft, options);
      session.#storedQueued = draft.queued;
    } else {
      const config = JSON.stringify(record?.config);
      const fresh: Draft = {
        id: options.id,
        baseVersion: Number(record?.version),
        baseConfig: config,
        commands: [],
        batchId: (options.newBatchId ?? randomId)(),
        queued: 0,
        conflicts: [],
        // Older than any draft on the server: a fresh editor has nothing of its own.
        updatedAt: 0,
      };
      session = new EditorSession(ThemeEditor.load(config), fresh, options);
    }
    if (storageFailed) session.#storageError = "other";
    // The store holds the base config from the start: every edit then writes itself alone.
    else if (!(draft && draft.baseVersion === session.#draft.baseVersion && draft.baseConfig === session.#draft.baseConfig)) void session.#persist();
    if (remote !== undefined)
      session.#server =
        remote && draftKey(remote) === draftKey(session.#draft) ? { ...remote, commands: session.#draft.commands } : remote ? { ...remote } : "none";
    if (!(remote && session.#offered(remote)) && session.#draft.commands.length > 0) {
      // The server's copy follows this device's draft (written offline, say).
      session.#wantPush();
    }
    session.#emit();
    if (session.#draft.queued > 0 && session.#online) void session.#sendQueued();
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

  /** Hears every step of the document (see `StreamEvent`), in the task that made it. */
  onStream = (listener: (event: StreamEvent) => void): (() => void) => {
    this.#streams.add(listener);
    return () => this.#streams.delete(listener);
  };

  /** The document's fingerprint now. */
  get fingerprint(): string {
    return this.#fingerprint;
  }

  #tell(event: StreamEvent) {
    for (const listener of this.#streams) listener(event);
  }

  /** The document was replaced: the stream's copies start again from it. */
  #reset() {
    this.#typing = null;
    this.#fingerprint = this.#editor.fingerprint;
    this.#tell({ kind: "reset" });
  }

  #makeSnapshot(): SessionSnapshot {
    const pending = this.#draft.commands.length;
    const offer = this.#offer;
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
      queued: Math.min(this.#draft.queued, this.#storedQueued),
      canUndo: this.#editor.canUndo() && !this.#saving,
      canRedo: this.#editor.canRedo() && !this.#saving,
      conflicts: this.#draft.conflicts,
      storageError: this.#storageError,
      saveError: this.#saveError,
      remoteDraft: offer ? { count: offer.commands.length, updatedAt: offer.updatedAt } : null,
    };
  }

  #emit() {
    this.#snapshot = this.#makeSnapshot();
    for (const listener of this.#listeners) listener();
  }

  /** The snapshot now, its listeners (React's renders of the panel and the top bar) in a task of
   * their own: the preview frame's message, posted earlier in the edit's task, is handled first,
   * so the frame renders the edit without waiting for the panel (one notice for several edits
   * in one task). */
  #emitSoon() {
    const next = this.#makeSnapshot();
    // Nothing React shows changed (a keystroke continuing the typing): no render at all.
    if (sameSnapshot(next, this.#snapshot)) return;
    this.#snapshot = next;
    if (this.#noticeDue) return;
    this.#noticeDue = true;
    if (!this.#notices) {
      this.#notices = new MessageChannel();
      this.#notices.port1.onmessage = () => {
        if (!this.#noticeDue) return;
        this.#noticeDue = false;
        for (const listener of this.#listeners) listener();
      };
    }
    this.#notices.port2.postMessage(null);
  }

  /** Writes the whole draft (its base changed). */
  #persist(): Promise<void> {
    const copy: Draft = { ...this.#draft, commands: [...this.#draft.commands], conflicts: [...this.#draft.conflicts] };
    this.#storeBehind = false;
    return this.#write(() => this.#store.put(copy).then(() => this.#stored(copy.queued)));
  }

  /** A write landed with `queued` commands covered by a Save. */
  #stored(queued: number) {
    if (queued === this.#storedQueued) return;
    this.#storedQueued = queued;
    // A write may land after the session is gone (its editor freed): nobody listens then.
    if (!this.#disposed) this.#emit();
  }

  /** Writes what an edit changed: the head, and the commands after the first `keep` (the whole
   * draft when a write failed since the last whole one: the store may lack some commands). */
  #persistEdit(keep: number): Promise<void> {
    if (this.#storeBehind) return this.#persist();
    const head = headOf(this.#draft);
    const added = this.#draft.commands.slice(keep);
    return this.#write(() => this.#store.splice({ ...head, conflicts: [...head.conflicts] }, keep, added).then(() => this.#stored(head.queued)));
  }

  /** Runs a write of the draft; writes happen one after another, in order, each in a task of its
   * own after the edit's (storage then does not delay the edit's preview). */
  #write(write: () => Promise<void>): Promise<void> {
    this.#writing = this.#writing
      .then(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))
      .then(write)
      .then(
        () => {
          if (this.#storageError) {
            this.#storageError = null;
            this.#emit();
          }
        },
        (error: unknown) => {
          this.#storeBehind = true;
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

  /** Waits until the save and the server's draft write on their way, if any, are done. */
  async settled(): Promise<void> {
    await this.#saving;
    await this.#pushing;
    await this.#writing;
  }

  /** The draft changed: its server copy is written a moment after the last edit, while online
   * (not while a save is on its way, nor while another device's draft is offered). */
  #wantPush() {
    this.#pushDue = true;
    if (this.#pushTimer) clearTimeout(this.#pushTimer);
    this.#pushTimer = null;
    if (!this.#online || this.#offer || this.#saving) return;
    this.#pushTimer = setTimeout(() => void this.pushDraft(), this.#draftDelayMs);
  }

  /** Writes the draft's server copy now when it is behind (the timer's work; tests call it). */
  pushDraft(): Promise<void> {
    if (this.#pushTimer) clearTimeout(this.#pushTimer);
    this.#pushTimer = null;
    if (this.#pushDue && this.#online && !this.#offer && !this.#saving) {
      this.#pushing = this.#pushing.then(() => this.#push());
    }
    return this.#pushing;
  }

  /** Offers the server's draft when another device made it after this device's last edit;
   * answers whether it did. */
  #offered(remote: RemoteDraft): boolean {
    const local = this.#draft;
    if (remote.commands.length === 0 || draftKey(remote) === draftKey(local) || remote.updatedAt <= local.updatedAt) return false;
    this.#offer = remote;
    return true;
  }

  async #push(): Promise<void> {
    if (!this.#pushDue || this.#offer || this.#saving) return;
    if (this.#server === null) {
      // Not known (opened offline): a newer draft of another device is offered, not overwritten.
      try {
        const remote = await this.#remote.fetchDraft();
        this.#server = remote ? { ...remote } : "none";
        if (remote && this.#offered(remote)) {
          this.#emit();
          return;
        }
      } catch (error) {
        // Not reached: tried again later. Refused: this device keeps its draft to itself.
        if (!isNetworkFailure(error)) this.#pushDue = false;
        return;
      }
      if (!this.#pushDue || this.#offer || this.#saving) return;
    }
    this.#pushDue = false;
    const baseVersion = this.#draft.baseVersion;
    const commands = this.#draft.commands;
    const server = this.#server;
    try {
      if (commands.length === 0) {
        if (server === "none") return;
        await this.#remote.deleteDraft();
        this.#server = "none";
        return;
      }
      // The commands since what the server acknowledged, when it holds a draft of this base.
      if (server && server !== "none" && server.baseVersion === baseVersion) {
        const keep = sharedPrefix(server.commands, commands);
        if (keep === server.commands.length && keep === commands.length) return;
        try {
          const { revision } = await this.#remote.patchDraft({ baseVersion, revision: server.revision, keep, commands: commands.slice(keep) });
          this.#server = { baseVersion, commands, revision };
          return;
        } catch (error) {
          // Another device wrote it meanwhile: this device's draft goes whole, as before.
          if (!(error instanceof ApiError && error.status === 409)) throw error;
        }
      }
      const { revision } = await this.#remote.putDraft({ baseVersion, commands: [...commands] });
      this.#server = { baseVersion, commands, revision };
    } catch (error) {
      // Not reached: written again once it is. Refused (too large for the server): the draft
      // stays on this device only, until the next edit tries again.
      if (isNetworkFailure(error)) this.#pushDue = true;
    }
  }

  /** The document changed by `op` (the core's `change` of it): the stream's consumers, the
   * draft and the preview's count follow, each with the step alone. */
  #changed(op: EditorOp, change: { fingerprint: string; merged: boolean }) {
    const before = this.#draft.commands;
    let commands: ThemeCommand[];
    let keep: number;
    if (op.op === "apply") {
      if (change.merged) {
        keep = before.length - 1;
        commands = [...before.slice(0, keep), op.command];
      } else {
        keep = before.length;
        commands = [...before, op.command];
      }
    } else if (op.op === "undo") {
      keep = before.length - 1;
      commands = before.slice(0, keep);
    } else {
      keep = before.length;
      commands = [...before, this.#editor.lastCommand() as ThemeCommand];
    }
    const from = this.#fingerprint;
    this.#fingerprint = change.fingerprint;
    // The preview first, in this task: nothing else waits on it, and it waits on nothing.
    this.#tell({ kind: "ops", from, to: change.fingerprint, ops: [op] });
    this.#draft = {
      ...this.#draft,
      commands,
      // A Save pressed offline covers the commands it saw; an undo into them shortens it.
      queued: Math.min(this.#draft.queued, commands.length, keep),
      updatedAt: this.#now(),
    };
    // A keystroke that continues the typing changes only the field being typed in, which shows
    // what is typed: the panels read the document again when the typing ends (`endTyping`).
    if (op.op === "apply" && change.merged) this.#typedSince = true;
    else this.#bump();
    void this.#persistEdit(keep);
    this.#wantPush();
    this.#emitSoon();
  }

  /** The document's revision moves on: every component that reads the core draws again. */
  #bump() {
    this.#revision += 1;
    this.#typedSince = false;
  }

  /** Applies a command through the core; a refused one changes nothing and says why. With
   * `typing`, a `setField` continues the one typed before it into the same field (one command,
   * one step to undo) until `endTyping`. */
  apply(command: ThemeCommand, options: { typing?: boolean } = {}): ApplyOutcome {
    const path = command.kind === "setField" && options.typing ? command.path : null;
    const continues = path !== null && this.#typing === path;
    const outcome = continues ? this.#editor.applyTyping(command) : this.#editor.apply(command);
    if (outcome.outcome !== "applied") return outcome;
    this.#typing = path;
    this.#changed({ op: "apply", command, merged: outcome.change.merged }, outcome.change);
    return outcome;
  }

  /** The typing in a field ended (it lost the focus, Enter): its next keystroke is a new step,
   * and the panels read what was typed. */
  endTyping() {
    this.#typing = null;
    if (!this.#typedSince) return;
    this.#bump();
    this.#emit();
  }

  undo(): ApplyOutcome | null {
    if (this.#saving) return null;
    this.#typing = null;
    const outcome = this.#editor.undo();
    if (outcome.outcome === "applied") this.#changed({ op: "undo" }, outcome.change);
    return outcome;
  }

  redo(): ApplyOutcome | null {
    if (this.#saving) return null;
    this.#typing = null;
    const outcome = this.#editor.redo();
    if (outcome.outcome === "applied") this.#changed({ op: "redo" }, outcome.change);
    return outcome;
  }

  /** The browser's network state changed. Back online, only a Save pressed meanwhile is sent;
   * the draft's server copy catches up. */
  setOnline(online: boolean) {
    this.#online = online;
    if (online) this.#unreachable = false;
    this.#emit();
    if (!online) return;
    if (this.#draft.queued > 0) void this.#sendQueued();
    if (this.#pushDue) this.#wantPush();
  }

  /** Tries again what the server did not answer: a pressed Save, the draft's server copy
   * (called every few seconds). */
  retry() {
    if (!this.#online) return;
    if (this.#unreachable && this.#draft.queued > 0) void this.#sendQueued();
    if (this.#pushDue && !this.#pushTimer) void this.pushDraft();
  }

  /** The Save button: every pending command is to be saved, as one batch (once at a time); while
   * the network is away, when it is back. */
  save(): Promise<void> {
    if (this.#saving) return this.#saving;
    const count = this.#draft.commands.length;
    if (count === 0 && this.#draft.queued === 0) return Promise.resolve();
    // The Save covers the command typed last as it stands: the next keystroke is a new one.
    this.#typing = null;
    this.#draft = { ...this.#draft, queued: count };
    // Offline, the Save is done once it is on the device; online it goes at once.
    const written = this.#persist();
    return this.#online ? this.#sendQueued() : written.then(() => this.#sendQueued());
  }

  /** Sends what a Save asked for, when the network allows. */
  #sendQueued(): Promise<void> {
    if (this.#saving) return this.#saving;
    if (this.#draft.queued === 0 || !this.#online) {
      this.#emit();
      return Promise.resolve();
    }
    if (this.#pushTimer) clearTimeout(this.#pushTimer);
    this.#pushTimer = null;
    this.#saving = this.#send().finally(() => {
      this.#saving = null;
      // The commands left unsaved (if any) go to the server's copy of the draft.
      if (this.#pushDue) this.#wantPush();
      this.#emit();
    });
    this.#emit();
    return this.#saving;
  }

  async #send(): Promise<void> {
    // A draft write on its way lands before the save, which deletes the draft on the server.
    await this.#pushing;
    const sent = this.#draft.commands.slice(0, this.#draft.queued);
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
        this.#draft = { ...this.#draft, queued: 0 };
        void this.#persist();
      }
      return;
    }
    this.#saveError = null;
    this.#unreachable = false;
    // Commands the Save did not cover: made after it was pressed, or while the batch was on its
    // way (undo is off meanwhile, so they follow it). They stay unsaved.
    const extra = this.#editor.log().slice(sent.length);
    const reported = outcome.report.conflicts;
    const clean = reported.length === 0 && !outcome.repeated && Number(outcome.version) === base + 1;
    let config: string;
    let version: number;
    // Saved as it stands: the document is the same, and so its fingerprint (the preview's copy
    // goes on from it).
    const same = clean && extra.length === 0;
    if (same) {
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
    const next = ThemeEditor.load(config, same ? this.#editor.fingerprint : undefined);
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
      queued: 0,
      conflicts: [...this.#draft.conflicts, ...conflicts],
      updatedAt: this.#now(),
    };
    // The save deleted the draft on the server in its transaction (a retried batch's answer
    // says nothing of it: then the server's copy is unknown).
    this.#server = outcome.repeated ? null : "none";
    this.#pushDue = true;
    if (same) this.#typing = null;
    else this.#reset();
    this.#bump();
    await this.#persist();
  }

  /** Decides a conflict: `mine` applies the command again over the server's value (then it is
   * an edit like any other, saved with the next save), `theirs` keeps the server's value. */
  resolveConflict(index: number, choice: "mine" | "theirs"): ApplyOutcome | null {
    const conflict = this.#draft.conflicts[index];
    if (!conflict) return null;
    let outcome: ApplyOutcome | null = null;
    if (choice === "mine") {
      this.#typing = null;
      outcome = this.#editor.apply(conflict.command);
      if (outcome.outcome === "rejected") return outcome;
    }
    this.#draft = { ...this.#draft, conflicts: this.#draft.conflicts.filter((_, i) => i !== index) };
    if (outcome?.outcome === "applied") this.#changed({ op: "apply", command: conflict.command, merged: false }, outcome.change);
    else {
      this.#bump();
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
      queued: 0,
    };
    this.#reset();
    this.#bump();
    await this.#persist();
    this.#wantPush();
    this.#emit();
  }

  /** Resumes the draft another device left on the server: it replaces this device's unsaved
   * commands (replayed on its own base version). Answers false when it no longer applies (then
   * it is no longer offered). */
  async resumeRemoteDraft(): Promise<boolean> {
    const offer = this.#offer;
    if (!offer || this.#saving) return false;
    let config = this.#draft.baseConfig;
    if (offer.baseVersion !== this.#draft.baseVersion) {
      try {
        config = JSON.stringify((await this.#remote.fetchVersion(offer.baseVersion)).config);
      } catch (error) {
        if (!isNetworkFailure(error)) {
          this.#offer = null;
          this.#emit();
        }
        return false;
      }
    }
    if (this.#offer !== offer) return false;
    const next = ThemeEditor.load(config);
    for (const command of offer.commands) {
      if (next.apply(command).outcome !== "applied") {
        next.free();
        this.#offer = null;
        this.#emit();
        return false;
      }
    }
    this.#editor.free();
    this.#editor = next;
    this.#offer = null;
    this.#draft = {
      ...this.#draft,
      baseVersion: offer.baseVersion,
      baseConfig: config,
      commands: next.log(),
      batchId: this.#newBatchId(),
      queued: 0,
      updatedAt: this.#now(),
    };
    // The server holds exactly this draft already.
    this.#server = { baseVersion: offer.baseVersion, commands: this.#draft.commands, revision: offer.revision };
    this.#pushDue = false;
    this.#reset();
    this.#bump();
    await this.#persist();
    this.#emit();
    return true;
  }

  /** Discards the draft another device left on the server: this device's draft replaces it
   * there (or nothing, when it holds no command). */
  discardRemoteDraft() {
    const offer = this.#offer;
    if (!offer) return;
    this.#offer = null;
    this.#server = { ...offer };
    this.#pushDue = true;
    this.#emit();
    void this.pushDraft();
  }

  /** Releases the core's memory; a draft write still waiting for its moment is made now. */
  dispose() {
    if (this.#pushTimer) void this.pushDraft();
    this.#disposed = true;
    this.#listeners.clear();
    this.#notices?.port1.close();
    this.#editor.free();
  }
}
