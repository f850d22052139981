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
//
// Online, the editor joins the theme's live session (issue 47): everyone in the theme's editor
// works on one shared working draft on the server. Each edit goes at once to the server, which
// numbers it; the session's stream brings everyone's commands in that order, and the core's
// `LiveClient` rebases this editor's commands not acknowledged yet on them. Each change of the
// view is again one step of the stream (the core's `rebase` op, when others' commands came in
// under this editor's own). The local draft keeps the commands not acknowledged (a reload or a
// lost network loses none); Save publishes the working draft. An editor opened offline works
// as before, on its own draft, until it is opened again online.
import { ApiError } from "../../../lib/api";
import { type ApplyOutcome, type EditorOp, LiveClient, type LiveCommand, type ThemeCommand, ThemeEditor, editorConstants } from "../../../core/theme";
import type { LiveBehind } from "../../../types/generated/LiveBehind";
import type { LiveCommandsAck } from "../../../types/generated/LiveCommandsAck";
import type { LiveCommandsInput } from "../../../types/generated/LiveCommandsInput";
import type { LivePresence } from "../../../types/generated/LivePresence";
import type { LivePresenceInput } from "../../../types/generated/LivePresenceInput";
import type { LiveSaved } from "../../../types/generated/LiveSaved";
import type { LiveSession } from "../../../types/generated/LiveSession";
import type { LiveEvents } from "../api/calls";
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

/** The theme's live session, as the session needs it (api/calls.ts). */
export interface LiveRemote {
  join(): Promise<LiveSession>;
  send(input: LiveCommandsInput): Promise<{ taken: LiveCommandsAck } | { behind: LiveBehind }>;
  follow(after: number, on: LiveEvents, signal: AbortSignal): Promise<void>;
  save(): Promise<LiveSaved>;
  presence(input: LivePresenceInput): Promise<void>;
}

/** What the editor shows of the live session: whether this editor follows it now, and who else
 * is in the theme's editor (their open section, the field they type in). */
export interface LiveView {
  connected: boolean;
  others: LivePresence[];
  /** This editor's commands dropped because someone else removed what they edited. */
  dropped: number;
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
  /** The live session, when the editor joined one. */
  live: LiveView | null;
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
  /** The theme's live session: joined when online. */
  live?: LiveRemote;
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
    a.remoteDraft?.updatedAt === b.remoteDraft?.updatedAt &&
    a.live === b.live
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
  /** The live session's side of this editor, when it joined one. */
  #live: LiveClient | null = null;
  #link: LiveRemote | null = null;
  #clientId = "";
  /** The session's sequence number saved last. */
  #savedHead = 0;
  #liveView: LiveView | null = null;
  #connected = false;
  /** The connection was lost: edits of fields someone else set meanwhile wait for a choice,
   * until this editor has caught up with `#catchUp`, the head the server then told. */
  #hold = false;
  #catchUp = 0;
  /** The next keystroke may merge into the last command (not sent yet, nothing came between). */
  #mergeable = false;
  #sendingLive: Promise<void> | null = null;
  #rejoining: Promise<void> | null = null;
  #following: AbortController | null = null;
  /** Wakes the stream's wait before reconnecting (the network is back). */
  #wakeFollow: (() => void) | null = null;
  /** A Save waits for the network. */
  #saveWanted = false;
  #presence: { section: string | null; field: string | null; at: number } = { section: null, field: null, at: 0 };
  #presenceSending = false;
  /** The content fingerprint of the version saved last, when this editor knows it; the working
   * draft differs from it or not (`#dirty`, worked out a moment after the last change). */
  #savedPrint: string | null = null;
  #dirty = true;
  #dirtyTimer: ReturnType<typeof setTimeout> | null = null;

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
    if (options.live && options.online) {
      const joined = await options.live.join().catch(() => null);
      if (joined) return EditorSession.#openLive(options, options.live, joined, draft, storageFailed);
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

  /** Opens the theme's live session as joined: the working draft, and this device's commands
   * the session has not had (made offline, or not sent before the tab closed) on top of it. */
  static #openLive(options: OpenOptions, link: LiveRemote, joined: LiveSession, draft: Draft | undefined, storageFailed: boolean): EditorSession {
    const config = JSON.stringify(joined.config);
    const editor = ThemeEditor.load(config);
    const fresh: Draft = {
      id: options.id,
      baseVersion: Number(joined.baseVersion),
      baseConfig: config,
      commands: [],
      batchId: (options.newBatchId ?? randomId)(),
      queued: 0,
      conflicts: draft?.conflicts ?? [],
      updatedAt: 0,
    };
    const session = new EditorSession(editor, fresh, options);
    session.#clientId = randomId();
    session.#live = new LiveClient(session.#clientId, config, Number(joined.head));
    session.#link = link;
    session.#savedHead = Number(joined.savedHead);
    session.#setOthers(joined.presence);
    if (!joined.unsaved) session.#savedPrint = editor.contentPrint();
    for (const command of draft?.commands ?? []) {
      const inverse = editor.inverse(command);
      if (editor.apply(command).outcome === "applied") session.#live.record(command, false, false, inverse);
    }
    session.#fingerprint = editor.fingerprint;
    session.#draft = { ...fresh, commands: session.#live.pendingCommands() };
    session.#dirty = session.#savedPrint === null || editor.contentPrint() !== session.#savedPrint;
    if (storageFailed) session.#storageError = "other";
    else void session.#persist();
    session.#snapshot = session.#makeSnapshot();
    session.#follow();
    session.#sendSoon();
    return session;
  }

  /** Whether the editor works in the theme's live session. */
  get live(): boolean {
    return this.#live !== null;
  }

  /** Works out a moment after the last change whether the working draft is the saved version. */
  #checkDirty() {
    if (this.#dirtyTimer) clearTimeout(this.#dirtyTimer);
    this.#dirtyTimer = setTimeout(() => {
      this.#dirtyTimer = null;
      if (this.#disposed) return;
      const dirty = this.#savedPrint === null || this.#editor.contentPrint() !== this.#savedPrint;
      if (dirty === this.#dirty) return;
      this.#dirty = dirty;
      this.#emit();
    }, editorConstants().liveSavedCheckMs);
  }

  /** The view is the saved version now (a save, or the session's saved event at this head). */
  #savedNow() {
    if (!this.#live || this.#live.pending > 0) {
      this.#savedPrint = null;
      return;
    }
    this.#savedPrint = this.#editor.contentPrint();
    this.#dirty = false;
  }

  #setOthers(presence: LivePresence[]) {
    const others = presence.filter((p) => p.clientId !== this.#clientId);
    const before = this.#liveView;
    this.#liveView = { connected: this.#connected, others, dropped: before?.dropped ?? 0 };
  }

  #liveChanged(change: Partial<LiveView>) {
    const before = this.#liveView ?? { connected: false, others: [], dropped: 0 };
    this.#liveView = { ...before, ...change };
  }

  /** The connection to the session was lost (a send not reached, the stream dropped). */
  #lost() {
    this.#unreachable = true;
    this.#hold = true;
    this.#connected = false;
    this.#liveChanged({ connected: false });
    this.#emit();
  }

  /** The document changed by this editor's own step, in a live session. */
  #changedLive(op: EditorOp, change: { fingerprint: string; merged: boolean }) {
    const before = this.#draft.commands.length;
    const from = this.#fingerprint;
    this.#fingerprint = change.fingerprint;
    this.#tell({ kind: "ops", from, to: change.fingerprint, ops: [op] });
    this.#keepPending(change.merged ? before - 1 : before);
    // At once for the status: an edit makes the draft differ (an undo may make it equal again).
    this.#dirty = true;
    this.#checkDirty();
    if (change.merged) this.#typedSince = true;
    else this.#bump();
    this.#sendSoon();
    this.#emitSoon();
  }

  /** The local draft keeps the commands not acknowledged (the first `keep` of them as written). */
  #keepPending(keep: number) {
    const commands = this.#live?.pendingCommands() ?? [];
    this.#draft = { ...this.#draft, commands, queued: Math.min(this.#draft.queued, commands.length), updatedAt: this.#now() };
    void this.#persistEdit(Math.max(0, Math.min(keep, commands.length)));
  }

  /** Runs a step the live side answered on the view, and hands it to the stream; a view that
   * cannot take it starts again from the live side's. */
  #runLive(op: EditorOp) {
    this.#typing = null;
    this.#mergeable = false;
    if (op.op === "rebase" && op.back > this.#editor.kept) return this.#resyncView();
    const from = this.#fingerprint;
    const outcome = this.#editor.run(op);
    if (outcome.outcome !== "applied") return this.#resyncView();
    this.#fingerprint = outcome.change.fingerprint;
    this.#tell({ kind: "ops", from, to: outcome.change.fingerprint, ops: [op] });
    this.#bump();
    this.#checkDirty();
  }

  #resyncView() {
    if (!this.#live) return;
    const next = ThemeEditor.load(this.#live.viewJson());
    this.#editor.free();
    this.#editor = next;
    this.#reset();
    this.#bump();
  }

  /** Takes the server's commands (`answered`: the answer to this editor's batch). */
  #take(commands: LiveCommand[], answered: boolean) {
    const live = this.#live;
    if (!live || this.#disposed) return;
    const step = live.receive(commands, this.#hold, answered);
    if (step.resync) {
      void this.#rejoin();
      return;
    }
    if (step.rebase) this.#runLive(step.rebase);
    if (step.held.length > 0) {
      const held: DraftConflict[] = step.held.map((command) => {
        const path = command.kind === "setField" ? command.path : "";
        return {
          command,
          paths: path ? [path] : [],
          mine: command.kind === "setField" ? command.value : undefined,
          theirs: path ? this.#editor.read(path) : undefined,
        };
      });
      this.#draft = { ...this.#draft, conflicts: [...this.#draft.conflicts, ...held] };
      this.#bump();
    }
    if (step.dropped.length > 0) this.#liveChanged({ dropped: (this.#liveView?.dropped ?? 0) + step.dropped.length });
    if (this.#hold && live.head >= this.#catchUp) this.#hold = false;
    if (step.rebase || step.own > 0 || step.held.length > 0) this.#keepPending(0);
    this.#emit();
  }

  /** Sends this editor's commands soon (in a task of their own, after the edit's preview). */
  #sendSoon() {
    if (!this.#live || !this.#online || this.#sendingLive || this.#live.pending === 0) return;
    this.#sendingLive = new Promise<void>((resolve) => setTimeout(resolve, 0))
      .then(() => this.#sendLive())
      .finally(() => {
        this.#sendingLive = null;
        if (!this.#unreachable && !this.#disposed) this.#sendSoon();
        if (this.#saveWanted && !this.#unreachable && this.#live?.pending === 0) void this.save();
      });
  }

  async #sendLive(): Promise<void> {
    const live = this.#live;
    const link = this.#link;
    if (!live || !link || this.#disposed) return;
    const batch = live.nextBatch(editorConstants().liveBatchMax);
    if (!batch) return;
    // The next keystroke is a command of its own: this one is on its way.
    this.#mergeable = false;
    let answer: Awaited<ReturnType<LiveRemote["send"]>>;
    try {
      answer = await link.send({ clientId: this.#clientId, base: batch.base, firstClientSeq: batch.firstClientSeq, commands: batch.commands });
    } catch (error) {
      if (this.#disposed) return;
      if (isNetworkFailure(error)) {
        live.unsent();
        this.#lost();
        return;
      }
      if (error instanceof ApiError && error.status === 400) {
        // Never taken as it is (its numbers were taken before, or it cannot be read): it goes.
        const op = live.refused();
        if (op) this.#runLive(op);
        this.#keepPending(0);
      } else {
        live.unsent();
        this.#unreachable = true;
      }
      this.#saveError = error instanceof ApiError ? error.messages : [String(error)];
      this.#emit();
      return;
    }
    if (this.#disposed) return;
    this.#unreachable = false;
    if ("taken" in answer) {
      this.#take(answer.taken.accepted, true);
      if (answer.taken.refused.length > 0) {
        this.#saveError = answer.taken.refused.map((r) => r.message);
        this.#emit();
      }
      return;
    }
    live.unsent();
    const { commands, head } = answer.behind;
    this.#catchUp = Math.max(this.#catchUp, Number(head));
    if (commands.length > 0 && Number(commands[commands.length - 1]?.seq) === Number(head)) this.#take(commands, false);
    else await this.#rejoin();
  }

  /** Joins the session again (its working draft restarted, or this editor fell far behind):
   * this editor's commands not acknowledged go on from the new working draft. */
  #rejoin(): Promise<void> {
    if (this.#rejoining || !this.#live || !this.#link) return this.#rejoining ?? Promise.resolve();
    const live = this.#live;
    const link = this.#link;
    this.#rejoining = (async () => {
      let joined: LiveSession;
      try {
        joined = await link.join();
      } catch {
        this.#lost();
        return;
      }
      if (this.#disposed) return;
      const config = JSON.stringify(joined.config);
      const view = live.restart(config, Number(joined.head));
      const next = ThemeEditor.load(view);
      this.#editor.free();
      this.#editor = next;
      this.#savedHead = Number(joined.savedHead);
      this.#savedPrint = null;
      if (!joined.unsaved) {
        const saved = ThemeEditor.load(config);
        this.#savedPrint = saved.contentPrint();
        saved.free();
      }
      this.#checkDirty();
      this.#draft = { ...this.#draft, baseVersion: Number(joined.baseVersion), baseConfig: config, commands: live.pendingCommands() };
      this.#setOthers(joined.presence);
      this.#reset();
      this.#bump();
      void this.#persist();
      this.#following?.abort();
      this.#follow();
      this.#emit();
    })().finally(() => {
      this.#rejoining = null;
      this.#sendSoon();
    });
    return this.#rejoining;
  }

  /** Follows the session's stream from this editor's head, reconnecting after a failure. */
  #follow() {
    const link = this.#link;
    if (!link) return;
    const controller = new AbortController();
    this.#following = controller;
    const events: LiveEvents = {
      hello: ({ head }) => {
        this.#connected = true;
        this.#catchUp = Math.max(this.#catchUp, Number(head));
        if (this.#hold && (this.#live?.head ?? 0) >= this.#catchUp) this.#hold = false;
        this.#unreachable = false;
        this.#liveChanged({ connected: true });
        this.#emit();
        this.#sendSoon();
      },
      commands: (commands) => this.#take(commands, false),
      presence: (presence) => {
        this.#setOthers(presence);
        this.#emit();
      },
      saved: ({ version, savedHead }) => {
        this.#savedHead = Math.max(this.#savedHead, Number(savedHead));
        this.#draft = { ...this.#draft, baseVersion: Number(version) };
        if (this.#live && this.#live.head === this.#savedHead) this.#savedNow();
        else this.#savedPrint = null;
        this.#emit();
      },
      reset: () => {
        controller.abort();
        void this.#rejoin();
      },
      ended: ({ messages }) => {
        controller.abort();
        this.#saveError = messages;
        this.#connected = false;
        this.#liveChanged({ connected: false });
        this.#emit();
      },
    };
    // Nothing is heard once the stream is let go (the session may be disposed, its core freed).
    for (const name of Object.keys(events) as (keyof LiveEvents)[]) {
      const handle = events[name] as (data: unknown) => void;
      (events as unknown as Record<string, (data: unknown) => void>)[name] = (data) => {
        if (!controller.signal.aborted && !this.#disposed) handle(data);
      };
    }
    void (async () => {
      let delay = 1000;
      while (!controller.signal.aborted && !this.#disposed) {
        if (this.#online) {
          try {
            await link.follow(this.#live?.head ?? 0, events, controller.signal);
            delay = 1000;
          } catch (error) {
            if (controller.signal.aborted || this.#disposed) return;
            if (!isNetworkFailure(error)) {
              // Refused (the scope taken away, the theme gone): the editor says why.
              this.#saveError = error instanceof ApiError ? error.messages : [String(error)];
              this.#connected = false;
              this.#liveChanged({ connected: false });
              this.#emit();
              return;
            }
            this.#lost();
          }
        }
        if (controller.signal.aborted || this.#disposed) return;
        if (this.#connected) {
          this.#connected = false;
          this.#liveChanged({ connected: false });
          this.#emit();
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, delay);
          this.#wakeFollow = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.#wakeFollow = null;
        delay = Math.min(delay * 2, editorConstants().liveReconnectMaxMs);
      }
    })();
  }

  /** Says where this editor is: the section open (`undefined` keeps it) and the field typed in.
   * Said when it changes, and again while the editor is active. */
  setPresence(section: string | null | undefined, field: string | null | undefined) {
    if (!this.#link || !this.#online) return;
    const now = this.#now();
    const next = { section: section === undefined ? this.#presence.section : section, field: field === undefined ? this.#presence.field : field };
    const same = next.section === this.#presence.section && next.field === this.#presence.field;
    if ((same && now - this.#presence.at < editorConstants().livePresenceAgainMs) || this.#presenceSending) {
      if (!same) this.#presence = { ...next, at: 0 };
      return;
    }
    this.#presence = { ...next, at: now };
    this.#presenceSending = true;
    const link = this.#link;
    void link
      .presence({ clientId: this.#clientId, section: next.section ?? undefined, field: next.field ?? undefined })
      .catch(() => {})
      .finally(() => {
        this.#presenceSending = false;
        // Moved on while it was said: said again.
        if (this.#presence.at === 0) this.setPresence(this.#presence.section, this.#presence.field);
      });
  }

  async #saveLive(): Promise<void> {
    const live = this.#live;
    const link = this.#link;
    if (!live || !link) return;
    this.#typing = null;
    this.#mergeable = false;
    this.#saveWanted = true;
    // Kept on the device: an editor opened again offline sends it as a batch when it can.
    this.#draft = { ...this.#draft, queued: live.pending };
    void this.#persist();
    // This editor's commands first: the working draft saved holds them.
    for (let round = 0; live.pending > 0 && round < 50; round += 1) {
      if (!this.#online || this.#disposed) return;
      if (!this.#sendingLive) this.#sendSoon();
      await this.#sendingLive;
      if (this.#unreachable) return;
    }
    if (live.pending > 0) return;
    try {
      const saved = await link.save();
      this.#saveWanted = false;
      this.#saveError = null;
      this.#savedHead = Math.max(this.#savedHead, Number(saved.savedHead));
      this.#draft = { ...this.#draft, baseVersion: Number(saved.version), queued: 0 };
      if (live.head === this.#savedHead) this.#savedNow();
      void this.#persist();
      this.#bump();
    } catch (error) {
      if (isNetworkFailure(error)) {
        this.#lost();
        return;
      }
      this.#saveWanted = false;
      this.#saveError = error instanceof ApiError ? error.messages : [String(error)];
      // Saved from elsewhere meanwhile: the session restarted; this editor joins it again.
      if (error instanceof ApiError && error.status === 412) await this.#rejoin();
    }
  }

  /** Undo or redo in a live session: the commands that take back (or make again) this editor's
   * step, sent like any other. */
  #replayLive(which: "undo" | "redo"): ApplyOutcome | null {
    const live = this.#live;
    if (!live || this.#saving) return null;
    const step = which === "undo" ? live.takeUndo() : live.takeRedo();
    if (!step) return null;
    this.#typing = null;
    this.#mergeable = false;
    let last: ApplyOutcome | null = null;
    for (const command of step) {
      const inverse = this.#editor.inverse(command);
      const outcome = this.#editor.apply(command);
      if (outcome.outcome !== "applied") {
        last ??= outcome;
        continue;
      }
      last = outcome;
      live.record(command, false, false, inverse);
      this.#changedLive({ op: "apply", command, merged: false }, outcome.change);
    }
    live.endStep();
    this.#emit();
    return last;
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
    const live = this.#live;
    // Live: this editor's commands not acknowledged, and the session's since its last save;
    // none when the working draft is the saved version again (edits undone).
    const pending = live ? (this.#dirty ? Math.max(1, live.pending + Math.max(0, live.head - this.#savedHead)) : 0) : this.#draft.commands.length;
    const offer = this.#offer;
    let status: SaveStatus;
    if (this.#draft.conflicts.length > 0) status = "conflict";
    else if (this.#saving) status = "saving";
    else if (!this.#online || (this.#unreachable && pending > 0) || (live && !this.#connected && live.pending > 0)) status = "offline";
    else status = pending > 0 ? "unsaved" : "saved";
    return {
      status,
      revision: this.#revision,
      baseVersion: this.#draft.baseVersion,
      pending,
      // A Save counts as queued once the device holds it (a reload from then on keeps it), in
      // the live session too.
      queued: live ? (this.#saveWanted ? Math.min(pending, this.#storedQueued) : 0) : Math.min(this.#draft.queued, this.#storedQueued),
      canUndo: (live ? live.canUndo() : this.#editor.canUndo()) && !this.#saving,
      canRedo: (live ? live.canRedo() : this.#editor.canRedo()) && !this.#saving,
      conflicts: this.#draft.conflicts,
      storageError: this.#storageError,
      saveError: this.#saveError,
      remoteDraft: offer ? { count: offer.commands.length, updatedAt: offer.updatedAt } : null,
      live: this.#liveView,
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
    // Live: the working draft is on the server already.
    if (this.#live) return;
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
    const live = this.#live;
    if (live) {
      // Merged into the last command only while it is unsent and nothing came between; the
      // typing is one step to undo all the same.
      const reverse = continues ? null : this.#editor.inverse(command);
      const outcome = continues && this.#mergeable ? this.#editor.applyTyping(command) : this.#editor.apply(command);
      if (outcome.outcome !== "applied") return outcome;
      this.#typing = path;
      this.#mergeable = true;
      const kept = live.record(command, outcome.change.merged, continues, reverse);
      this.#changedLive({ op: "apply", command, merged: outcome.change.merged }, outcome.change);
      if (!kept) this.#resyncView();
      this.setPresence(undefined, path);
      return outcome;
    }
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
    if (this.#live && this.#presence.field !== null) this.setPresence(undefined, null);
    if (!this.#typedSince) return;
    this.#bump();
    this.#emit();
  }

  undo(): ApplyOutcome | null {
    if (this.#live) return this.#replayLive("undo");
    if (this.#saving) return null;
    this.#typing = null;
    const outcome = this.#editor.undo();
    if (outcome.outcome === "applied") this.#changed({ op: "undo" }, outcome.change);
    return outcome;
  }

  redo(): ApplyOutcome | null {
    if (this.#live) return this.#replayLive("redo");
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
    if (this.#live) {
      if (!online) {
        this.#hold = true;
        this.#following?.abort();
        this.#lost();
        return;
      }
      this.#emit();
      this.#follow();
      this.#sendSoon();
      return;
    }
    this.#emit();
    if (!online) return;
    if (this.#draft.queued > 0) void this.#sendQueued();
    if (this.#pushDue) this.#wantPush();
  }

  /** Tries again what the server did not answer: a pressed Save, the draft's server copy
   * (called every few seconds). */
  retry() {
    if (!this.#online) return;
    if (this.#live) {
      if (this.#unreachable) {
        this.#unreachable = false;
        this.#wakeFollow?.();
        this.#sendSoon();
      }
      return;
    }
    if (this.#unreachable && this.#draft.queued > 0) void this.#sendQueued();
    if (this.#pushDue && !this.#pushTimer) void this.pushDraft();
  }

  /** The Save button: every pending command is to be saved, as one batch (once at a time); while
   * the network is away, when it is back. */
  save(): Promise<void> {
    if (this.#saving) return this.#saving;
    if (this.#live) {
      this.#saving = this.#saveLive().finally(() => {
        this.#saving = null;
        this.#emit();
      });
      this.#emit();
      return this.#saving;
    }
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
    if (this.#live) {
      // Live: "mine" is an edit like any other, sent at once.
      if (choice === "mine") {
        this.#typing = null;
        outcome = this.apply(conflict.command);
        if (outcome.outcome === "rejected") return outcome;
      }
      this.#draft = { ...this.#draft, conflicts: this.#draft.conflicts.filter((_, i) => i !== index) };
      this.#bump();
      void this.#persist();
      this.#emit();
      return outcome;
    }
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
    // Live: a restore restarted the session's working draft; the editor joins it again.
    if (this.#live) return this.#rejoin();
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
    this.#following?.abort();
    this.#wakeFollow?.();
    if (this.#dirtyTimer) clearTimeout(this.#dirtyTimer);
    this.#live?.free();
    this.#listeners.clear();
    this.#notices?.port1.close();
    this.#editor.free();
  }
}
