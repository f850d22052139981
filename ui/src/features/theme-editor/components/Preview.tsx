// The live preview (spec §2.3 and the preview protocol): the storefront in a frame at the core's
// preview address, told the page to show, the section to scroll to and the device; it answers
// ready, rendered and the section a shopper-view click selected. The frame keeps its own copy of
// the document in its core: it gets the whole config (the spec's `storeloom:config`, with the
// document's fingerprint) when it starts, when the document was replaced and when its copy is
// found to differ; every edit in between is the session's step alone (`storeloom:commands`: the
// ops and the fingerprint they follow), handed to the frame's runtime in the keystroke's own task
// (a call into the same-origin frame; posted when it cannot be called). The frame answers
// each render with its fingerprint; one that differs from the admin's at that message, or a
// `storeloom:resync` (commands that did not follow its copy: a lost message, a reloaded frame),
// makes the admin send the whole config once. A message not answered within the core's refresh
// delay does too (the delayed refresh). A saved version being looked at goes whole, and the
// document again after. Mobile is the core's phone frame; desktop fills the frame. The loading
// veil lifts on ready or after the core's loaded delay at most (`editorConstants`).
import { Box, Center, Loader, Text } from "@mantine/core";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { type PreviewPage, editorConstants } from "../../../core/theme";
import type { EditorSession, StreamEvent } from "../store/session";

export interface PreviewProps {
  src: string | null;
  device: "mobile" | "desktop";
  page: PreviewPage;
  /** The editing session: its document and the stream of its steps. */
  session: EditorSession;
  /** A saved version shown instead of the document (its number and config as JSON text). */
  looking: { number: number; configJson: string } | null;
  scrollTo: { section: string; at: number } | null;
  onSelect: (section: string) => void;
  /** What the preview says over sections others edit in the live session, by section key. */
  labels?: Record<string, string>;
}

const NO_LABELS: Record<string, string> = {};

export function Preview({ src, device, page, session, looking, scrollTo, onSelect, labels = NO_LABELS }: PreviewProps) {
  const { t } = useTranslation();
  const frame = useRef<HTMLIFrameElement>(null);
  // Ready and loaded belong to one address: a new address starts both again.
  const [readyFor, setReadyFor] = useState<string | null>(null);
  const [loadedFor, setLoadedFor] = useState<string | null>(null);
  const ready = readyFor !== null && readyFor === src;
  const loaded = ready || (loadedFor !== null && loadedFor === src);
  const latest = useRef({ page, device, onSelect, src, session, looking, ready, labels });
  // The messages' bookkeeping: the last sequence number, the last one the frame answered, the
  // last whole config's, and the fingerprint each message leads to.
  const stream = useRef({ seq: 0, acked: 0, whole: 0, expected: new Map<number, string>() });
  // Before any other effect reads it.
  useLayoutEffect(() => {
    latest.current = { page, device, onSelect, src, session, looking, ready, labels };
  });

  const post = (message: object) => {
    frame.current?.contentWindow?.postMessage(message, window.location.origin);
  };
  /** Sent again, whole, when the frame has not answered `sent` within the refresh delay. */
  const refreshLater = (sent: number) => {
    window.setTimeout(() => {
      const s = stream.current;
      if (s.acked >= sent || sent !== s.seq) return;
      // A hidden frame (the phone's edit pane) paints nothing, so it answers once it shows.
      if (frame.current && !frame.current.checkVisibility()) refreshLater(sent);
      else sendWhole();
    }, editorConstants().previewRefreshMs);
  };
  const sendWhole = () => {
    const s = stream.current;
    const { looking: version, session: current } = latest.current;
    s.seq += 1;
    s.whole = s.seq;
    s.expected.clear();
    if (version) {
      post({ type: "storeloom:config", configJson: version.configJson, seq: s.seq });
    } else {
      // The core's JSON text: a string crosses to the frame far faster than an object graph.
      s.expected.set(s.seq, current.fingerprint);
      post({ type: "storeloom:config", configJson: current.editor.configJson(), fingerprint: current.fingerprint, seq: s.seq });
    }
    refreshLater(s.seq);
  };
  const sendStep = (event: StreamEvent) => {
    const { ready: shown, looking: version } = latest.current;
    if (!shown || version) return;
    if (event.kind === "reset") return sendWhole();
    const s = stream.current;
    s.seq += 1;
    s.expected.set(s.seq, event.to);
    const message = { type: "storeloom:commands", from: event.from, ops: JSON.stringify(event.ops), seq: s.seq };
    // The frame shares this page's origin and thread: its runtime takes the step by a call, in
    // this task, and renders it before this page's next frame is painted. A frame without the
    // call (still loading, navigated away) gets the message.
    try {
      const direct = (frame.current?.contentWindow as { storeloomPreview?: (data: object) => void } | null)?.storeloomPreview;
      if (typeof direct === "function") direct(message);
      else post(message);
    } catch {
      post(message);
    }
    refreshLater(s.seq);
  };

  // Who else edits which section, drawn over it in the frame.
  useEffect(() => {
    if (ready) post({ type: "storeloom:presence", sections: labels });
  }, [ready, labels]);

  useEffect(() => {
    const listener = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow) return;
      const data = event.data as { type?: string; seq?: number; section?: string; fingerprint?: string | null };
      const s = stream.current;
      if (data?.type === "storeloom:ready") {
        setReadyFor(latest.current.src);
        latest.current.ready = true;
        post({ type: "storeloom:device", device: latest.current.device });
        post({ type: "storeloom:page", page: latest.current.page });
        post({ type: "storeloom:presence", sections: latest.current.labels });
        sendWhole();
      } else if (data?.type === "storeloom:rendered" && typeof data.seq === "number") {
        s.acked = Math.max(s.acked, data.seq);
        const expected = s.expected.get(data.seq);
        for (const seq of s.expected.keys()) if (seq < data.seq) s.expected.delete(seq);
        // Rendered, but not the admin's document at that message: the copies differ.
        if (expected !== undefined && typeof data.fingerprint === "string" && data.fingerprint !== expected) sendWhole();
      } else if (data?.type === "storeloom:resync" && typeof data.seq === "number") {
        // Commands sent before the last whole config are answered by it.
        if (data.seq > s.whole) sendWhole();
      } else if (data?.type === "storeloom:select" && typeof data.section === "string") {
        latest.current.onSelect(data.section);
      }
    };
    window.addEventListener("message", listener);
    return () => window.removeEventListener("message", listener);
    // The listener reads the latest props through a ref.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Every step of the document, in the task that made it (before React renders).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => session.onStream(sendStep), [session]);

  useEffect(() => {
    const timer = window.setTimeout(() => setLoadedFor(src), editorConstants().previewLoadedMs);
    return () => window.clearTimeout(timer);
  }, [src]);

  // A version looked at, and the document after it, go whole.
  const lookingAt = looking?.number ?? null;
  const shownVersion = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (!ready || shownVersion.current === lookingAt) return;
    shownVersion.current = lookingAt;
    sendWhole();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lookingAt, ready]);
  useEffect(() => void (ready && post({ type: "storeloom:page", page })), [page, ready]);
  useEffect(() => void (ready && post({ type: "storeloom:device", device })), [device, ready]);
  useEffect(() => void (ready && scrollTo && post({ type: "storeloom:scroll", section: scrollTo.section })), [scrollTo, ready]);

  const mobile = device === "mobile";
  const { mobileFrameWidth, mobileFrameHeight } = editorConstants();
  return (
    <Box
      style={{
        flex: 1,
        display: "flex",
        alignItems: mobile ? "center" : "stretch",
        justifyContent: "center",
        background: "var(--mantine-color-gray-1)",
        overflow: "auto",
        position: "relative",
        minWidth: 0,
      }}
    >
      {src ? (
        <iframe
          ref={frame}
          title={t("editor.preview")}
          src={src}
          data-testid="preview-frame"
          data-ready={ready ? "true" : "false"}
          style={{
            border: mobile ? "1px solid var(--mantine-color-gray-4)" : "none",
            borderRadius: mobile ? 12 : 0,
            width: mobile ? mobileFrameWidth : "100%",
            height: mobile ? mobileFrameHeight : "100%",
            background: "white",
            flex: mobile ? "none" : 1,
          }}
        />
      ) : (
        <Center style={{ flex: 1 }}>
          <Text c="dimmed">{t("editor.noPreview")}</Text>
        </Center>
      )}
      {src && !loaded ? (
        <Center style={{ position: "absolute", inset: 0, background: "rgba(255,255,255,0.6)" }}>
          <Loader size="sm" aria-label={t("editor.previewLoading")} />
        </Center>
      ) : null}
    </Box>
  );
}
