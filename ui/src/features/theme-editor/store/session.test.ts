// The offline queue, the local draft and its copy on the server, with the real core (WASM) and
// a server kept in memory that answers the way the real one does: a batch id is applied once,
// commands on paths changed since the batch's base are reported as conflicts, the rest merge; a
// save deletes the saver's draft; a draft is kept but never published.
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import hydroText from "../../../../../core-wasm/tests/fixtures/hydro.json?raw";
import { english as en } from "../../../i18n/english";
import vi from "../../../i18n/vi.json";
import { ApiError } from "../../../lib/api";
import { type ThemeCommand, ThemeEditor } from "../../../core/theme";
import type { BatchOutcome } from "../../../types/generated/BatchOutcome";
import type { CommandBatch } from "../../../types/generated/CommandBatch";
import { type Draft, type DraftHead, MemoryDraftStore } from "./drafts";
import { EditorSession, type Remote, type RemoteDraft, type StreamEvent } from "./session";
import { saveStatusText } from "./status";

const TEXT = "/settings/product/heading";
const ZOOM = "/settings/product/enable_image_zoom";

class FakeServer implements Remote {
  version = 1;
  config = hydroText;
  /** Every saved version's config. */
  versions = new Map<number, string>([[1, hydroText]]);
  /** The user's draft as the server keeps it. */
  draft: RemoteDraft | null = null;
  draftWrites = 0;
  /** Paths changed by each version after the first. */
  changed = new Map<number, string[]>();
  batches = new Map<string, BatchOutcome>();
  reachable = true;
  /** Apply the next batch, then lose the answer (as a dropped connection would). */
  loseNextAnswer = false;
  posts = 0;
  applied = 0;

  async fetchConfig() {
    if (!this.reachable) throw new ApiError(0, []);
    return { version: this.version, config: JSON.parse(this.config) as unknown };
  }

  async fetchVersion(version: number) {
    if (!this.reachable) throw new ApiError(0, []);
    const config = this.versions.get(version);
    if (!config) throw new ApiError(404, ["Not found"]);
    return { version, config: JSON.parse(config) as unknown };
  }

  async fetchDraft() {
    if (!this.reachable) throw new ApiError(0, []);
    return this.draft ? structuredClone(this.draft) : null;
  }

  /** Every write of the draft, as its JSON body. */
  draftBodies: string[] = [];

  async putDraft(draft: { baseVersion: number; commands: ThemeCommand[] }) {
    if (!this.reachable) throw new ApiError(0, []);
    this.draftWrites += 1;
    this.draftBodies.push(JSON.stringify(draft));
    this.draft = { ...structuredClone(draft), updatedAt: Date.now(), revision: (this.draft?.revision ?? 0) + 1 };
    return { revision: this.draft.revision };
  }

  async patchDraft(patch: { baseVersion: number; revision: number; keep: number; commands: ThemeCommand[] }) {
    if (!this.reachable) throw new ApiError(0, []);
    const draft = this.draft;
    if (!draft || draft.revision !== patch.revision || draft.baseVersion !== patch.baseVersion || patch.keep > draft.commands.length) {
      throw new ApiError(409, ["Your draft on the server changed."]);
    }
    this.draftWrites += 1;
    this.draftBodies.push(JSON.stringify(patch));
    this.draft = {
      baseVersion: draft.baseVersion,
      commands: [...draft.commands.slice(0, patch.keep), ...structuredClone(patch.commands)],
      updatedAt: Date.now(),
      revision: draft.revision + 1,
    };
    return { revision: this.draft.revision };
  }

  async deleteDraft() {
    if (!this.reachable) throw new ApiError(0, []);
    this.draftWrites += 1;
    this.draft = null;
  }

  /** Another editor saves a command. */
  otherSave(command: ThemeCommand) {
    const editor = ThemeEditor.load(this.config);
    const outcome = editor.apply(command);
    if (outcome.outcome !== "applied") throw new Error("other save refused");
    this.config = editor.configJson();
    this.version += 1;
    this.versions.set(this.version, this.config);
    this.changed.set(this.version, outcome.change.paths);
    editor.free();
  }

  async postBatch(batch: CommandBatch): Promise<BatchOutcome> {
    if (!this.reachable) throw new ApiError(0, []);
    this.posts += 1;
    const known = this.batches.get(batch.batchId);
    if (known) return { ...known, repeated: true };
    const since = [...this.changed.entries()].filter(([v]) => v > Number(batch.baseVersion)).flatMap(([, paths]) => paths);
    const editor = ThemeEditor.load(this.config);
    const applied: number[] = [];
    const conflicts: BatchOutcome["report"]["conflicts"] = [];
    const paths: string[] = [];
    (batch.commands as ThemeCommand[]).forEach((command, index) => {
      const outcome = editor.apply(command);
      if (outcome.outcome !== "applied") throw new ApiError(400, [outcome.error.message]);
      const touched = outcome.change.paths.filter((p) => since.some((s) => s.startsWith(p) || p.startsWith(s)));
      if (touched.length > 0) {
        editor.undo();
        conflicts.push({ index, paths: touched });
      } else {
        applied.push(index);
        paths.push(...outcome.change.paths);
      }
    });
    let version = this.version;
    if (applied.length > 0) {
      this.config = editor.configJson();
      this.version += 1;
      version = this.version;
      this.versions.set(version, this.config);
      this.changed.set(version, paths);
      this.applied += applied.length;
    }
    editor.free();
    // The save deletes the saver's draft in its transaction.
    this.draft = null;
    const result = { version, report: { applied, conflicts, paths }, repeated: false } as unknown as BatchOutcome;
    this.batches.set(batch.batchId, result);
    if (this.loseNextAnswer) {
      this.loseNextAnswer = false;
      throw new ApiError(0, []);
    }
    return result;
  }
}

/** A memory store that counts what each write carries. */
class SplicingStore extends MemoryDraftStore {
  wholeWrites = 0;
  spliceBytes: number[] = [];

  override async put(draft: Draft) {
    this.wholeWrites += 1;
    await super.put(draft);
  }

  override async splice(head: DraftHead, keep: number, commands: readonly ThemeCommand[]) {
    this.spliceBytes.push(JSON.stringify({ head, keep, commands }).length);
    await super.splice(head, keep, commands);
  }
}

let ids = 0;
function open(store: MemoryDraftStore, server: FakeServer, online = true, options: { draftDelayMs?: number; now?: () => number } = {}) {
  return EditorSession.open({ id: "store:theme", store, remote: server, online, newBatchId: () => `batch-${++ids}`, ...options });
}

/** The top bar's status text in a language. */
async function statusIn(language: "en" | "vi") {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: language, resources: { en: { translation: en }, vi: { translation: vi } }, interpolation: { escapeValue: false } });
  return (session: EditorSession) => saveStatusText(i18n.t, session.getSnapshot());
}

/** Lets the session finish what it started by itself (a queued save, a draft write). */
async function settle(session: EditorSession) {
  for (let i = 0; i < 3; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    await session.settled();
  }
}

const setText = (value: string): ThemeCommand => ({ kind: "setField", path: TEXT, value });
const read = (text: string, path: string) => {
  const editor = ThemeEditor.load(text);
  const value = editor.read(path);
  editor.free();
  return value;
};

describe("the editing session", () => {
  it("tells the stream each step alone, chained by fingerprints, typing merged into one step", async () => {
    const store = new MemoryDraftStore();
    const server = new FakeServer();
    const session = await open(store, server);
    const events: StreamEvent[] = [];
    session.onStream((event) => events.push(event));
    const start = session.fingerprint;
    session.apply(setText("S"), { typing: true });
    // The keystrokes that continue it change nothing React shows: the same snapshot, no render.
    const typing = session.getSnapshot();
    for (const text of ["Sa", "Sal", "Sale"]) session.apply(setText(text), { typing: true });
    expect(session.getSnapshot()).toBe(typing);
    // Leaving the field: the panels read the document again.
    session.endTyping();
    expect(session.getSnapshot().revision).toBe(typing.revision + 1);
    session.apply(setText("Sale!"), { typing: true });
    session.undo();
    session.redo();
    const ops = events.flatMap((event) => (event.kind === "ops" ? event.ops : []));
    expect(ops.map((op) => (op.op === "apply" ? `apply${op.merged ? "+" : ""}` : op.op))).toEqual([
      "apply",
      "apply+",
      "apply+",
      "apply+",
      "apply",
      "undo",
      "redo",
    ]);
    // Each step follows the one before it; the last one leads to the document's fingerprint.
    let from = start;
    for (const event of events) {
      if (event.kind !== "ops") throw new Error("no reset expected");
      expect(event.from).toBe(from);
      from = event.to;
    }
    expect(from).toBe(session.fingerprint);
    expect(from).toBe(session.editor.fingerprint);
    // The typing is one command and one undo step.
    expect(session.draft.commands).toEqual([setText("Sale"), setText("Sale!")]);
    session.undo();
    session.undo();
    expect(session.editor.read(TEXT)).toBe(read(hydroText, TEXT));
    expect(session.fingerprint).toBe(start);
    session.dispose();
  });

  it("goes on from the same fingerprint after a plain save, and resets the stream after one that reloads", async () => {
    const store = new MemoryDraftStore();
    const server = new FakeServer();
    const session = await open(store, server);
    const events: StreamEvent[] = [];
    session.onStream((event) => events.push(event));
    session.apply(setText("Saved as is"));
    const before = session.fingerprint;
    await session.save();
    expect(session.fingerprint).toBe(before);
    expect(events.filter((event) => event.kind === "reset")).toHaveLength(0);
    session.apply(setText("Then others saved"));
    server.otherSave({ kind: "setField", path: ZOOM, value: false });
    await session.save();
    expect(events.at(-1)).toEqual({ kind: "reset" });
    expect(session.fingerprint).toBe(session.editor.fingerprint);
    session.dispose();
  });

  it("writes the size of the edit: the local draft splices, the server gets the commands since its copy", async () => {
    const store = new SplicingStore();
    const server = new FakeServer();
    // A large theme: the base config is far larger than any edit.
    const session = await open(store, server, true, { draftDelayMs: 60_000 });
    for (const text of ["a", "ab", "abc"]) session.apply(setText(text), { typing: true });
    session.endTyping();
    await session.flushed();
    // The base config was written once, when the session started.
    expect(store.wholeWrites).toBe(1);
    // Each keystroke wrote the head and one command, not the base config.
    expect(Math.max(...store.spliceBytes)).toBeLessThan(2000);
    expect(store.drafts.get("store:theme")?.commands).toEqual([setText("abc")]);
    await session.pushDraft();
    expect(server.draft?.commands).toEqual([setText("abc")]);
    session.apply({ kind: "setField", path: ZOOM, value: false });
    await session.pushDraft();
    // The second write carried the new command alone.
    expect(JSON.parse(server.draftBodies.at(-1) ?? "{}")).toMatchObject({ keep: 1, commands: [{ kind: "setField", path: ZOOM, value: false }] });
    session.undo();
    await session.pushDraft();
    expect(JSON.parse(server.draftBodies.at(-1) ?? "{}")).toMatchObject({ keep: 1, commands: [] });
    expect(server.draft?.commands).toEqual([setText("abc")]);
    // Another device wrote it meanwhile: a 409, then the draft goes whole.
    server.draft = { ...(server.draft as RemoteDraft), revision: 99, commands: [] };
    session.apply(setText("abcd"));
    await session.pushDraft();
    expect(server.draft?.commands).toEqual([setText("abc"), setText("abcd")]);
    expect(JSON.parse(server.draftBodies.at(-1) ?? "{}")).not.toHaveProperty("keep");
    // Reopened, the store gives back the same draft.
    await session.flushed();
    const reopened = await open(store, server, false);
    expect(reopened.draft.commands).toEqual(session.draft.commands);
    expect(reopened.fingerprint).toBe(session.fingerprint);
    session.dispose();
    reopened.dispose();
  });

  it("keeps offline edits in the draft store, so a reload replays them", async () => {
    const store = new MemoryDraftStore();
    const server = new FakeServer();
    const session = await open(store, server, false);
    for (let i = 0; i < 50; i += 1) session.apply(setText(`offline ${i}`));
    await session.flushed();
    expect(session.getSnapshot().status).toBe("offline");
    const draft = store.drafts.get("store:theme");
    expect(draft?.commands).toHaveLength(50);
    expect(draft?.baseVersion).toBe(1);
    // Edits alone never queue a save.
    expect(draft?.queued).toBe(0);
    session.dispose();

    server.reachable = false;
    const again = await open(store, server, false);
    expect(again.editor.read(TEXT)).toBe("offline 49");
    expect(again.getSnapshot().pending).toBe(50);
    expect(server.posts).toBe(0);
    again.dispose();
  });

  it("sends the queue once when the network returns, even when an answer is lost", async () => {
    const store = new MemoryDraftStore();
    const server = new FakeServer();
    const session = await open(store, server, false);
    for (let i = 0; i < 5; i += 1) session.apply({ kind: "setField", path: ZOOM, value: i % 2 === 0 });
    session.apply(setText("back online"));
    await session.save();
    expect(session.getSnapshot()).toMatchObject({ status: "offline", pending: 6, queued: 6 });
    server.loseNextAnswer = true;
    session.setOnline(true);
    await session.save();
    // The batch reached the server, the answer did not: still pending, same batch id.
    expect(server.applied).toBe(6);
    expect(session.getSnapshot().pending).toBe(6);
    const batchId = session.draft.batchId;
    await session.save();
    expect(server.posts).toBe(2);
    expect(server.applied).toBe(6);
    expect(server.version).toBe(2);
    expect(session.getSnapshot()).toMatchObject({ status: "saved", pending: 0, baseVersion: 2 });
    expect(session.draft.batchId).not.toBe(batchId);
    expect(read(server.config, TEXT)).toBe("back online");
    expect(store.drafts.get("store:theme")?.commands).toEqual([]);
    session.dispose();
  });

  it("merges a concurrent save on another path", async () => {
    const store = new MemoryDraftStore();
    const server = new FakeServer();
    const session = await open(store, server);
    session.apply(setText("mine"));
    server.otherSave({ kind: "setField", path: ZOOM, value: false });
    await session.save();
    expect(session.getSnapshot()).toMatchObject({ status: "saved", conflicts: [], baseVersion: 3 });
    expect(read(server.config, TEXT)).toBe("mine");
    expect(read(server.config, ZOOM)).toBe(false);
    expect(session.editor.read(ZOOM)).toBe(false);
    session.dispose();
  });

  it("keeps a conflict on the same path with both values until the user chooses", async () => {
    const store = new MemoryDraftStore();
    const server = new FakeServer();
    const session = await open(store, server);
    session.apply(setText("mine"));
    session.apply({ kind: "setField", path: ZOOM, value: false });
    server.otherSave(setText("theirs"));
    await session.save();
    const snapshot = session.getSnapshot();
    expect(snapshot.status).toBe("conflict");
    expect(snapshot.conflicts).toHaveLength(1);
    expect(snapshot.conflicts[0]).toMatchObject({ mine: "mine", theirs: "theirs", paths: [TEXT] });
    // The other edit merged; the conflict is kept in the draft, not dropped.
    expect(read(server.config, ZOOM)).toBe(false);
    await session.flushed();
    expect(store.drafts.get("store:theme")?.conflicts).toHaveLength(1);

    // A reload still shows it.
    session.dispose();
    const again = await open(store, server);
    expect(again.getSnapshot().conflicts[0]?.mine).toBe("mine");
    again.resolveConflict(0, "mine");
    expect(again.getSnapshot()).toMatchObject({ status: "unsaved", pending: 1, conflicts: [] });
    await again.save();
    expect(read(server.config, TEXT)).toBe("mine");
    again.dispose();
  });

  it("choosing theirs keeps the saved value", async () => {
    const store = new MemoryDraftStore();
    const server = new FakeServer();
    const session = await open(store, server);
    session.apply(setText("mine"));
    server.otherSave(setText("theirs"));
    await session.save();
    session.resolveConflict(0, "theirs");
    expect(session.getSnapshot()).toMatchObject({ status: "saved", conflicts: [] });
    expect(session.editor.read(TEXT)).toBe("theirs");
    session.dispose();
  });

  it("says when the browser's storage is full, and keeps editing in memory", async () => {
    const store = new MemoryDraftStore();
    const server = new FakeServer();
    const session = await open(store, server);
    store.failWith = new DOMException("full", "QuotaExceededError");
    session.apply(setText("no room"));
    await session.flushed();
    expect(session.getSnapshot().storageError).toBe("quota");
    expect(session.editor.read(TEXT)).toBe("no room");
    store.failWith = null;
    session.apply(setText("room again"));
    await session.flushed();
    expect(session.getSnapshot().storageError).toBeNull();
    session.dispose();
  });

  it("undo and redo change the stored log too", async () => {
    const store = new MemoryDraftStore();
    const server = new FakeServer();
    const session = await open(store, server);
    const before = session.editor.configJson();
    session.apply(setText("one"));
    session.apply({ kind: "setField", path: ZOOM, value: false });
    session.undo();
    session.undo();
    expect(session.editor.configJson()).toBe(before);
    await session.flushed();
    expect(store.drafts.get("store:theme")?.commands).toEqual([]);
    session.redo();
    await session.flushed();
    expect(store.drafts.get("store:theme")?.commands).toEqual([setText("one")]);
    session.dispose();
  });

  it("a refused batch keeps the edits and says why", async () => {
    const store = new MemoryDraftStore();
    const server = new FakeServer();
    const session = await open(store, server);
    session.apply(setText("kept"));
    server.postBatch = async () => {
      throw new ApiError(400, ["Refused."]);
    };
    await session.save();
    expect(session.getSnapshot()).toMatchObject({ saveError: ["Refused."], pending: 1 });
    session.dispose();
  });
  it("offline edits stay a draft: reconnecting publishes nothing, only the server's copy of the draft follows", async () => {
    const store = new MemoryDraftStore();
    const server = new FakeServer();
    const session = await open(store, server, false);
    session.apply(setText("offline one"));
    session.apply({ kind: "setField", path: ZOOM, value: false });
    session.apply(setText("offline two"));
    await session.flushed();
    expect(session.getSnapshot()).toMatchObject({ status: "offline", pending: 3, queued: 0 });

    session.setOnline(true);
    session.retry();
    await session.pushDraft();
    await settle(session);
    expect(server.posts).toBe(0);
    expect(server.version).toBe(1);
    expect(read(server.config, TEXT)).toBe(read(hydroText, TEXT));
    expect(session.getSnapshot()).toMatchObject({ status: "unsaved", pending: 3, queued: 0 });
    // Kept for the user's other devices, not published.
    expect(server.draft?.commands).toHaveLength(3);
    expect(server.draft?.baseVersion).toBe(1);

    // A reload online sends nothing either.
    session.dispose();
    const again = await open(store, server);
    await again.pushDraft();
    expect(server.posts).toBe(0);
    expect(again.getSnapshot()).toMatchObject({ status: "unsaved", pending: 3, remoteDraft: null });
    again.dispose();
  });

  it("a Save pressed offline is kept across a reload and sent when the network is back, and only what it covered", async () => {
    const store = new MemoryDraftStore();
    const server = new FakeServer();
    const session = await open(store, server, false);
    session.apply(setText("saved offline"));
    session.apply({ kind: "setField", path: ZOOM, value: false });
    await session.save();
    expect(server.posts).toBe(0);
    // An edit after the Save is not covered by it.
    session.apply({ kind: "setField", path: "/settings/colors/color_buy_now", value: "#123456" });
    await session.flushed();
    expect(store.drafts.get("store:theme")?.queued).toBe(2);
    session.dispose();

    const again = await open(store, server, false);
    expect(again.getSnapshot()).toMatchObject({ status: "offline", pending: 3, queued: 2 });
    again.setOnline(true);
    await settle(again);
    expect(server.posts).toBe(1);
    expect(server.version).toBe(2);
    expect(read(server.config, TEXT)).toBe("saved offline");
    expect(read(server.config, ZOOM)).toBe(false);
    expect(read(server.config, "/settings/colors/color_buy_now")).not.toBe("#123456");
    expect(again.getSnapshot()).toMatchObject({ status: "unsaved", pending: 1, queued: 0, baseVersion: 2 });
    again.dispose();
  });

  it("says an offline Save waits for the network only once it is on the device", async () => {
    // A store whose writes land only when let through, as a slow disk's.
    class SlowStore extends MemoryDraftStore {
      gate: Promise<void> = Promise.resolve();
      override async put(draft: Draft) {
        await this.gate;
        return super.put(draft);
      }
    }
    const store = new SlowStore();
    const server = new FakeServer();
    const session = await open(store, server, false);
    session.apply(setText("kept"));
    await session.flushed();
    let open_ = () => {};
    store.gate = new Promise<void>((resolve) => (open_ = resolve));
    const saved = session.save();
    await new Promise((resolve) => setTimeout(resolve, 10));
    // Not on the device yet: a reload now would lose the Save, so the status does not promise it.
    expect(session.getSnapshot()).toMatchObject({ status: "offline", pending: 1, queued: 0 });
    open_();
    await saved;
    expect(store.drafts.get("store:theme")?.queued).toBe(1);
    expect(session.getSnapshot()).toMatchObject({ status: "offline", pending: 1, queued: 1 });
    session.dispose();
  });

  it("an undo into what an offline Save covered shortens it", async () => {
    const store = new MemoryDraftStore();
    const server = new FakeServer();
    const session = await open(store, server, false);
    session.apply(setText("one"));
    session.apply(setText("two"));
    await session.save();
    session.undo();
    session.apply(setText("three"));
    expect(session.getSnapshot()).toMatchObject({ pending: 2, queued: 1 });
    session.setOnline(true);
    await settle(session);
    expect(read(server.config, TEXT)).toBe("one");
    expect(session.getSnapshot()).toMatchObject({ status: "unsaved", pending: 1 });
    session.dispose();
  });

  it("the status says how many changes are not saved, online and offline, in English and Vietnamese", async () => {
    const store = new MemoryDraftStore();
    const server = new FakeServer();
    const english = await statusIn("en");
    const vietnamese = await statusIn("vi");
    const session = await open(store, server);
    expect(english(session)).toBe("Saved");
    session.apply(setText("a"));
    expect(english(session)).toBe("1 change not saved");
    session.apply(setText("b"));
    session.apply({ kind: "setField", path: ZOOM, value: false });
    expect(english(session)).toBe("3 changes not saved");
    expect(vietnamese(session)).toBe("3 thay đổi chưa lưu");
    session.setOnline(false);
    expect(english(session)).toBe("Offline — 3 changes not saved, kept on this device");
    expect(vietnamese(session)).toBe("Ngoại tuyến — 3 thay đổi chưa lưu, được giữ trên thiết bị này");
    await session.save();
    expect(english(session)).toBe("Offline — 3 changes not saved; they are saved when the network is back");
    session.undo();
    session.undo();
    expect(english(session)).toBe("Offline — 1 change not saved; it is saved when the network is back");
    session.setOnline(true);
    await settle(session);
    expect(english(session)).toBe("Saved");
    session.setOnline(false);
    expect(english(session)).toBe("Offline");
    session.dispose();
  });

  it("writes the draft to the server a moment after the last edit; the Save deletes it there", async () => {
    const store = new MemoryDraftStore();
    const server = new FakeServer();
    const session = await open(store, server, true, { draftDelayMs: 30 });
    session.apply(setText("one"));
    session.apply(setText("two"));
    session.apply(setText("three"));
    expect(server.draftWrites).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 80));
    await session.pushDraft();
    expect(server.draftWrites).toBe(1);
    expect(server.draft?.commands).toEqual([setText("one"), setText("two"), setText("three")]);
    expect(server.posts).toBe(0);
    await session.save();
    await settle(session);
    expect(server.draft).toBeNull();
    expect(server.draftWrites).toBe(1);
    // Undone back to nothing: the server's copy goes too.
    session.apply(setText("four"));
    await session.pushDraft();
    session.undo();
    await session.pushDraft();
    expect(server.draft).toBeNull();
    expect(server.draftWrites).toBe(3);
    session.dispose();
  });

  it("offers a newer draft of another device; resuming replays it on its own base version", async () => {
    const store = new MemoryDraftStore();
    const server = new FakeServer();
    server.draft = {
      baseVersion: 1,
      commands: [setText("from the phone"), { kind: "setField", path: ZOOM, value: false }],
      revision: 1,
      updatedAt: Date.now(),
    };
    server.otherSave({ kind: "setField", path: "/settings/colors/color_buy_now", value: "#654321" });
    const session = await open(store, server, true, { draftDelayMs: 0 });
    expect(session.getSnapshot().remoteDraft).toMatchObject({ count: 2 });
    // Offered, so not overwritten by this device meanwhile.
    session.apply({ kind: "setField", path: "/settings/colors/color_buy_now", value: "#000000" });
    await session.pushDraft();
    expect(server.draft?.commands).toHaveLength(2);
    expect(await session.resumeRemoteDraft()).toBe(true);
    expect(session.getSnapshot()).toMatchObject({ remoteDraft: null, pending: 2, baseVersion: 1 });
    expect(session.editor.read(TEXT)).toBe("from the phone");
    await session.save();
    expect(read(server.config, TEXT)).toBe("from the phone");
    expect(read(server.config, "/settings/colors/color_buy_now")).toBe("#654321");
    expect(session.getSnapshot()).toMatchObject({ status: "saved", pending: 0 });
    expect(server.draft).toBeNull();
    session.dispose();
  });

  it("discarding another device's draft puts this device's in its place; an older one is not offered", async () => {
    const store = new MemoryDraftStore();
    const server = new FakeServer();
    let clock = 1_000;
    const now = () => clock;
    const local = await open(store, server, false, { now });
    local.apply(setText("on this laptop"));
    await local.flushed();
    local.dispose();

    server.draft = { baseVersion: 1, commands: [setText("on the phone")], revision: 1, updatedAt: 2_000 };
    const session = await open(store, server, true, { now, draftDelayMs: 0 });
    expect(session.getSnapshot().remoteDraft).toMatchObject({ count: 1, updatedAt: 2_000 });
    session.discardRemoteDraft();
    await session.pushDraft();
    expect(session.getSnapshot().remoteDraft).toBeNull();
    expect(session.editor.read(TEXT)).toBe("on this laptop");
    expect(server.draft?.commands).toEqual([setText("on this laptop")]);
    session.dispose();

    // This device's edit is newer than the server's draft: not offered, and it replaces it.
    server.draft = { baseVersion: 1, commands: [setText("older")], revision: 1, updatedAt: 500 };
    clock = 3_000;
    const later = await open(store, server, true, { now, draftDelayMs: 0 });
    expect(later.getSnapshot().remoteDraft).toBeNull();
    await settle(later);
    expect(server.draft?.commands).toEqual([setText("on this laptop")]);
    later.dispose();
  });

  it("a draft of another device that no longer applies is dropped, not resumed", async () => {
    const store = new MemoryDraftStore();
    const server = new FakeServer();
    server.draft = { baseVersion: 1, commands: [{ kind: "removeSection", key: "no-such-section" }], revision: 1, updatedAt: Date.now() };
    const session = await open(store, server);
    expect(session.getSnapshot().remoteDraft).toMatchObject({ count: 1 });
    expect(await session.resumeRemoteDraft()).toBe(false);
    expect(session.getSnapshot()).toMatchObject({ remoteDraft: null, pending: 0 });
    session.dispose();
  });
});
