// The live preview (spec §2.3 and the preview protocol): the storefront in a frame at the core's
// preview address, sent the full config on every change, the page to show, the section to
// scroll to and the device; it answers ready, rendered and the section a shopper-view click
// selected. With a change of the document the message also says what it alone touched (the
// core's `previewChange`: sections, the stylesheet), so the frame renders only that. Mobile is
// the core's phone frame; desktop fills the frame. A config not acknowledged within the core's
// refresh delay is sent again (the delayed refresh); the loading veil lifts on ready or after the
// core's loaded delay at most (`editorConstants`).
import { Box, Center, Loader, Text } from "@mantine/core";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { type PreviewChange, type PreviewPage, editorConstants } from "../../../core/theme";

export interface PreviewProps {
  src: string | null;
  device: "mobile" | "desktop";
  page: PreviewPage;
  /** The config to show (the document, or a version being looked at), as JSON text. */
  configJson: string;
  /** Changes whenever the config to show changes. */
  revision: string;
  scrollTo: { section: string; at: number } | null;
  onSelect: (section: string) => void;
  /** What changed since the last call, or null for everything (the session's
   * `takePreviewChange`); asked at every change of the revision. */
  takeChange?: () => PreviewChange | null;
}

export function Preview({ src, device, page, configJson, revision, scrollTo, onSelect, takeChange }: PreviewProps) {
  const { t } = useTranslation();
  const frame = useRef<HTMLIFrameElement>(null);
  // Ready and loaded belong to one address: a new address starts both again.
  const [readyFor, setReadyFor] = useState<string | null>(null);
  const [loadedFor, setLoadedFor] = useState<string | null>(null);
  const ready = readyFor !== null && readyFor === src;
  const loaded = ready || (loadedFor !== null && loadedFor === src);
  const seq = useRef(0);
  const acked = useRef(0);
  const latest = useRef({ configJson, page, device, onSelect, src });
  // The revision the frame was last sent: what a change touched holds only against it.
  const sentRevision = useRef<string | null>(null);
  // Before any other effect reads it, the layout effect that sends the config included.
  useLayoutEffect(() => {
    latest.current = { configJson, page, device, onSelect, src };
  });

  const post = (message: object) => {
    frame.current?.contentWindow?.postMessage(message, window.location.origin);
  };
  const sendConfig = (change: PreviewChange | null = null) => {
    seq.current += 1;
    // The config goes as the core's JSON text: a string crosses to the frame far faster than
    // the object graph of a large config. `change`, when given, is all that differs from the
    // config sent just before: some sections (`sections`) and maybe the style (`style`).
    post({ type: "storeloom:config", configJson: latest.current.configJson, seq: seq.current, ...(change ?? {}) });
    const sent = seq.current;
    window.setTimeout(() => {
      if (acked.current < sent && sent === seq.current) post({ type: "storeloom:config", configJson: latest.current.configJson, seq: sent });
    }, editorConstants().previewRefreshMs);
  };

  useEffect(() => {
    const listener = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow) return;
      const data = event.data as { type?: string; seq?: number; section?: string };
      if (data?.type === "storeloom:ready") {
        setReadyFor(latest.current.src);
        post({ type: "storeloom:device", device: latest.current.device });
        post({ type: "storeloom:page", page: latest.current.page });
        sentRevision.current = null;
        sendConfig();
      } else if (data?.type === "storeloom:rendered" && typeof data.seq === "number") {
        acked.current = Math.max(acked.current, data.seq);
      } else if (data?.type === "storeloom:select" && typeof data.section === "string") {
        latest.current.onSelect(data.section);
      }
    };
    window.addEventListener("message", listener);
    return () => window.removeEventListener("message", listener);
    // The listener reads the latest props through a ref.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const timer = window.setTimeout(() => setLoadedFor(src), editorConstants().previewLoadedMs);
    return () => window.clearTimeout(timer);
  }, [src]);

  // sendConfig reads the latest props through a ref; the config goes again when it changes,
  // before the admin paints (a passive effect would wait for the next frame). The change is
  // asked every time (the session starts counting again) and sent only when the frame was last
  // sent the document just before it (not a saved version, not nothing).
  useLayoutEffect(() => {
    const change = takeChange?.() ?? null;
    if (!ready) return;
    const previous = sentRevision.current;
    sentRevision.current = revision;
    const follows = previous !== null && !previous.startsWith("v") && !revision.startsWith("v");
    sendConfig(follows ? change : null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [revision, ready]);
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
