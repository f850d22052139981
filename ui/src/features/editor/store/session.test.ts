// The offline queue and the local draft, with the real core (WASM) and a server kept in memory
// that answers batches the way the real one does: a batch id is applied once, commands on paths
// changed since the batch's base are reported as conflicts, the rest merge.
import { describe, expect, it } from "vitest";
import hydroText from "../../../../../core-wasm/tests/fixtures/hydro.json?raw";
import { ApiError } from "../../../lib/api";
import { type ThemeCommand, ThemeEditor } from "../../../core/theme";
import type { BatchOutcome } from "../../../types/generated/BatchOutcome";
import type { CommandBatch } from "../../../types/generated/CommandBatch";
import { MemoryDraftStore } from "./drafts";
import { EditorSession, type Remote } from "./session";

const TEXT = "/settings/product/heading";
const ZOOM = "/settings/product/enable_image_zoom";

class FakeServer implements Remote {
  version = 1;
  config = hydroText;
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

  /** Another editor saves a command. */
  otherSave(command: ThemeCommand) {
    const editor = ThemeEditor.load(this.config);
    const outcome = editor.apply(command);
    if (outcome.outcome !== "applied") throw new Error("other save refused");
    this.config = editor.configJson();
    this.version += 1;
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
      this.changed.set(version, paths);
      this.applied += applied.length;
    }
    editor.free();
    const result = { version, report: { applied, conflicts, paths }, repeated: false } as unknown as BatchOutcome;
    this.batches.set(batch.batchId, result);
    if (this.loseNextAnswer) {
      this.loseNextAnswer = false;
      throw new ApiError(0, []);
    }
    return result;
  }
}

let ids = 0;
function open(store: MemoryDraftStore, server: FakeServer, online = true) {
  return EditorSession.open({ id: "store:theme", store, remote: server, online, newBatchId: () => `batch-${++ids}` });
}

const setText = (value: string): ThemeCommand => ({ kind: "setField", path: TEXT, value });
const read = (text: string, path: string) => {
  const editor = ThemeEditor.load(text);
  const value = editor.read(path);
  editor.free();
  return value;
};

describe("the editing session", () => {
  it("tells the preview the home sections and style an edit alone touched, else the whole page", async () => {
    const store = new MemoryDraftStore();
    const server = new FakeServer();
    const session = await open(store, server);
    // Nothing known yet (the preview starts with the whole page).
    expect(session.takePreviewChange()).toBeNull();
    const slides = "/pages/homepage/sections/head-image-1/settings/change_slides_every";
    const tiles = "/pages/homepage/sections/collection-list-1/settings";
    session.apply({ kind: "setField", path: slides, value: 7 });
    expect(session.takePreviewChange()).toEqual({ sections: ["head-image-1"], style: false });
    // Asked again: nothing changed since.
    expect(session.takePreviewChange()).toBeNull();
    // Several changes between two asks add up; undo names what it restores.
    session.apply({ kind: "setField", path: slides, value: 8 });
    session.apply({ kind: "setField", path: `${tiles}/heading`, value: "Shop by look" });
    session.undo();
    expect(session.takePreviewChange()).toEqual({ sections: ["head-image-1", "collection-list-1"], style: false });
    // A colour: the stylesheet.
    session.apply({ kind: "setField", path: "/settings/colors/color_buy_now", value: "#123456" });
    expect(session.takePreviewChange()).toEqual({ sections: [], style: true });
    // Another theme setting may change any part of any page: the whole page.
    session.apply(setText("whole page"));
    expect(session.takePreviewChange()).toBeNull();
    // A save that reloads the document: the whole page.
    session.apply({ kind: "setField", path: slides, value: 9 });
    server.otherSave({ kind: "setField", path: ZOOM, value: false });
    await session.save();
    expect(session.takePreviewChange()).toBeNull();
    session.dispose();
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
    expect(draft?.queued).toBe(true);
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
});
