// The editing session in a theme's live session, with the real core (WASM) and a live server
// kept in memory that answers as the real one does: it takes a batch only at its head (409 with
// what the editor missed otherwise), numbers what it takes, and streams every command to every
// editor that follows. Two editors, each with a copy fed its session's stream as the preview
// frame is, end on the server's document; a race on one field ends the same on both; undo takes
// back one's own step and keeps the other's; an edit made offline on a field someone else set
// meanwhile waits for the choice.
import { describe, expect, it } from "vitest";
import hydroText from "../../../../../core-wasm/tests/fixtures/hydro.json?raw";
import { ApiError } from "../../../lib/api";
import { type LiveCommand, type ThemeCommand, ThemeEditor } from "../../../core/theme";
import type { LiveCommandsInput } from "../../../types/generated/LiveCommandsInput";
import type { LiveEvents } from "../api/calls";
import { type Draft, type DraftHead, MemoryDraftStore } from "./drafts";
import { EditorSession, type LiveRemote, type Remote } from "./session";

const TEXT = "/settings/product/heading";
const ZOOM = "/settings/product/enable_image_zoom";

class LiveServer {
  doc = ThemeEditor.load(hydroText);
  log: LiveCommand[] = [];
  saved = 0;
  version = 1;
  followers = new Set<{ after: number; on: LiveEvents }>();

  get head() {
    return this.log.length;
  }

  tell(commands: LiveCommand[]) {
    if (commands.length === 0) return;
    // Each follower hears them a task later, as a stream does.
    for (const f of this.followers) setTimeout(() => f.on.commands(commands), 0);
  }
}

/** One editor's way to the server; `reachable` cuts it. */
function linkTo(server: LiveServer, user: string): LiveRemote & { reachable: boolean } {
  return {
    reachable: true,
    async join() {
      if (!this.reachable) throw new ApiError(0, []);
      return {
        themeId: "t",
        baseVersion: server.version,
        head: server.head,
        savedHead: server.saved,
        unsaved: server.head !== server.saved,
        config: JSON.parse(server.doc.configJson()) as unknown,
        presence: [],
        presenceTtlMs: 60_000,
      };
    },
    async send(input: LiveCommandsInput) {
      if (!this.reachable) throw new ApiError(0, []);
      await Promise.resolve();
      if (input.base !== server.head) return { behind: { messages: [], head: server.head, commands: server.log.slice(input.base) } };
      const accepted: LiveCommand[] = [];
      (input.commands as ThemeCommand[]).forEach((command, i) => {
        if (server.doc.apply(command).outcome !== "applied") return;
        const entry = { seq: server.head + 1, authorId: user, authorName: user, clientId: input.clientId, clientSeq: input.firstClientSeq + i, command };
        server.log.push(entry);
        accepted.push(entry);
      });
      server.tell(accepted);
      return { taken: { head: server.head, accepted, refused: [] } };
    },
    async follow(after: number, on: LiveEvents, signal: AbortSignal) {
      if (!this.reachable) throw new ApiError(0, []);
      const follower = { after, on };
      on.hello({ head: server.head });
      if (after < server.head) on.commands(server.log.slice(after));
      server.followers.add(follower);
      await new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve()));
      server.followers.delete(follower);
    },
    async save() {
      server.saved = server.head;
      server.version += 1;
      for (const f of server.followers) f.on.saved({ version: server.version, savedHead: server.saved });
      return { version: server.version, savedHead: server.saved };
    },
    async presence() {},
  };
}

const unused: Remote = {
  fetchConfig: () => Promise.reject(new ApiError(0, [])),
  fetchVersion: () => Promise.reject(new ApiError(0, [])),
  postBatch: () => Promise.reject(new ApiError(0, [])),
  fetchDraft: () => Promise.resolve(null),
  putDraft: () => Promise.reject(new ApiError(0, [])),
  patchDraft: () => Promise.reject(new ApiError(0, [])),
  deleteDraft: () => Promise.resolve(),
};

/** An editor in the live session, and a copy fed its stream (the preview frame's part). */
async function editor(server: LiveServer, user: string) {
  const link = linkTo(server, user);
  const session = await EditorSession.open({ id: `store:${user}`, store: new MemoryDraftStore(), remote: unused, online: true, live: link });
  let frame = ThemeEditor.load(session.editor.configJson(), session.fingerprint);
  session.onStream((event) => {
    if (event.kind === "reset") {
      frame.free();
      frame = ThemeEditor.load(session.editor.configJson(), session.fingerprint);
      return;
    }
    expect(frame.fingerprint).toBe(event.from);
    for (const op of event.ops) expect(frame.run(op).outcome).toBe("applied");
    expect(frame.fingerprint).toBe(event.to);
  });
  return { session, link, frame: () => frame };
}

/** A device's store whose writes wait while `hold` is set (a slow disk), until `release`. */
class HeldDraftStore extends MemoryDraftStore {
  hold = false;
  #waiting: (() => void)[] = [];

  release() {
    this.hold = false;
    for (const go of this.#waiting.splice(0)) go();
  }

  async #turn() {
    if (this.hold) await new Promise<void>((resolve) => this.#waiting.push(resolve));
  }

  override async put(draft: Draft) {
    await this.#turn();
    return super.put(draft);
  }

  override async splice(head: DraftHead, keep: number, commands: readonly ThemeCommand[]) {
    await this.#turn();
    return super.splice(head, keep, commands);
  }
}

/** Lets every send, answer and stream event land. */
async function settle() {
  for (let i = 0; i < 20; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}

describe("the live session", () => {
  it("brings each editor's edits to the other's document and preview copy, all ending on the server's", async () => {
    const server = new LiveServer();
    const a = await editor(server, "owner");
    const b = await editor(server, "minh");
    expect(a.session.live && b.session.live).toBe(true);
    for (const ch of ["F", "Fr", "Fre", "Fresh"]) a.session.apply({ kind: "setField", path: TEXT, value: ch }, { typing: true });
    a.session.endTyping();
    b.session.apply({ kind: "setField", path: ZOOM, value: false });
    await settle();
    for (const side of [a, b]) {
      expect(side.session.editor.read(TEXT)).toBe("Fresh");
      expect(side.session.editor.read(ZOOM)).toBe(false);
      expect(side.session.editor.configJson()).toBe(server.doc.configJson());
      expect(side.frame().configJson()).toBe(side.session.editor.configJson());
    }
    expect(a.session.getSnapshot().status).toBe("unsaved");
    await a.session.save();
    await settle();
    expect(a.session.getSnapshot().status).toBe("saved");
    expect(b.session.getSnapshot().status).toBe("saved");
  });

  it("ends a race on one field the same on both, the later in the server's order winning", async () => {
    const server = new LiveServer();
    const a = await editor(server, "owner");
    const b = await editor(server, "minh");
    // Both edit before either hears of the other.
    a.session.apply({ kind: "setField", path: TEXT, value: "Owner's" });
    b.session.apply({ kind: "setField", path: TEXT, value: "Minh's" });
    await settle();
    const last = server.log.at(-1)?.command as { value: string };
    expect(a.session.editor.read(TEXT)).toBe(last.value);
    expect(b.session.editor.read(TEXT)).toBe(last.value);
    expect(a.frame().configJson()).toBe(b.frame().configJson());
  });

  it("undo takes back one's own step and keeps what the other did since", async () => {
    const server = new LiveServer();
    const a = await editor(server, "owner");
    const b = await editor(server, "minh");
    const before = a.session.editor.read(TEXT);
    a.session.apply({ kind: "setField", path: TEXT, value: "Mine" });
    await settle();
    b.session.apply({ kind: "setField", path: ZOOM, value: false });
    await settle();
    expect(a.session.getSnapshot().canUndo).toBe(true);
    a.session.undo();
    await settle();
    for (const side of [a, b]) {
      expect(side.session.editor.read(TEXT)).toBe(before);
      expect(side.session.editor.read(ZOOM)).toBe(false);
    }
    // Redo makes it again.
    a.session.redo();
    await settle();
    expect(b.session.editor.read(TEXT)).toBe("Mine");
  });

  it("holds an offline edit of a field someone else set meanwhile for the choice, and merges the rest", async () => {
    const server = new LiveServer();
    const a = await editor(server, "owner");
    const b = await editor(server, "minh");
    a.link.reachable = false;
    a.session.setOnline(false);
    a.session.apply({ kind: "setField", path: TEXT, value: "Offline mine" });
    a.session.apply({ kind: "setField", path: ZOOM, value: false });
    b.session.apply({ kind: "setField", path: TEXT, value: "Theirs meanwhile" });
    await settle();
    expect(a.session.getSnapshot().status).toBe("offline");
    a.link.reachable = true;
    a.session.setOnline(true);
    await settle();
    const snapshot = a.session.getSnapshot();
    expect(snapshot.status).toBe("conflict");
    expect(snapshot.conflicts).toHaveLength(1);
    expect(snapshot.conflicts[0]?.mine).toBe("Offline mine");
    expect(snapshot.conflicts[0]?.theirs).toBe("Theirs meanwhile");
    // The other field merged without asking.
    expect(b.session.editor.read(ZOOM)).toBe(false);
    a.session.resolveConflict(0, "mine");
    await settle();
    for (const side of [a, b]) expect(side.session.editor.read(TEXT)).toBe("Offline mine");
    expect(a.session.getSnapshot().status).toBe("unsaved");
  });

  it("says a Save pressed offline is queued only once the device holds it, and a reload offline keeps it", async () => {
    const server = new LiveServer();
    const store = new HeldDraftStore();
    const link = linkTo(server, "owner");
    const session = await EditorSession.open({ id: "store:owner", store, remote: unused, online: true, live: link });
    await settle();
    link.reachable = false;
    session.setOnline(false);
    session.apply({ kind: "setField", path: TEXT, value: "Offline one" });
    session.apply({ kind: "setField", path: ZOOM, value: false });
    await settle();
    store.hold = true;
    void session.save();
    await settle();
    // The write is on its way: a reload now would lose the Save, so the status does not promise it.
    expect(session.getSnapshot()).toMatchObject({ status: "offline", pending: 2, queued: 0 });
    store.release();
    await settle();
    expect(session.getSnapshot()).toMatchObject({ status: "offline", pending: 2, queued: 2 });
    session.dispose();
    const reopened = await EditorSession.open({ id: "store:owner", store, remote: unused, online: false, live: link });
    expect(reopened.getSnapshot()).toMatchObject({ status: "offline", pending: 2, queued: 2 });
    reopened.dispose();
  });
});
