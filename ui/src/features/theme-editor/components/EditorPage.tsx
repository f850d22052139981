// The theme editor (website.themes.editor, spec §2.3-§2.4, §4, §5), full-screen: the top bar
// (page, device, close, versions, undo and redo, status, save), the sidebar (Sections and
// Setting tabs, each section's panel) and the live preview. The document lives in the core's
// resident ThemeEditor through the editing session; React only draws what it answers.
import "../utils/texts";
import { ActionIcon, Alert, Badge, Box, Button, Center, Group, Loader, SegmentedControl, Select, Stack, Tabs, Text, Tooltip } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import {
  IconArrowBackUp,
  IconArrowForwardUp,
  IconArrowLeft,
  IconDeviceDesktop,
  IconDeviceMobile,
  IconExternalLink,
  IconHistory,
  IconTrash,
  IconX,
} from "@tabler/icons-react";
import { memo, useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { routePath, shellConstants } from "../../../core";
import {
  type EditorPage as Page,
  type PanelView,
  type PreviewPage,
  type SectionListItem,
  type SettingsGroupView,
  ThemeLoadError,
  previewPageForPanel,
  previewUrl,
} from "../../../core/theme";
import { useStoreStatus, useStoreUrl } from "../../../hooks/useStoreData";
import { errorText } from "../../../lib/errors";
import { keepCopy, offlineCopy } from "../../../lib/offlineCopies";
import type { ThemePreviewLink } from "../../../types/generated/ThemePreviewLink";
import { fetchPreviewLink } from "../api/calls";
import type { EditorSession, SaveStatus, SessionSnapshot } from "../store/session";
import { saveStatusText } from "../store/status";
import { useEditorSession } from "../store/useEditorSession";
import { EditorContext, RevisionContext, useEditor, useRevision, useShared } from "./context";
import { PanelFields, PanelLinks } from "./Fields";
import { SettingsTab } from "./SettingsTab";
import { ConflictsDialog, VersionsDrawer } from "./History";
import { EditingBadge, LiveAvatars, WhereaboutsContext, previewLabels, useWhereabouts, whereabouts } from "./LivePresence";
import { errorMessage } from "./labels";
import { Preview } from "./Preview";
import { SectionsTab } from "./Sections";
import { sectionNames } from "./sectionNames";

const STATUS_COLOR: Record<SaveStatus, string> = { saved: "green", saving: "blue", unsaved: "yellow", offline: "gray", conflict: "red" };

/** The panel of the section being edited: the core's schema of its type, read again on every
 * change while it is open. */
function SectionPanel({ item, onBack }: { item: SectionListItem; onBack: () => void }) {
  const { session } = useEditor();
  const { t } = useTranslation();
  useRevision();
  const view = useShared(readPanel(session, item.key));
  const [error, setError] = useState<string | null>(null);
  const name = sectionNames(t, session.editor.sections()).get(item.key) ?? "";
  const editing = useWhereabouts().sections.get(item.key);
  return (
    <Stack gap="xs" data-testid="section-panel" data-section-key={item.key}>
      {editing ? (
        <Group gap={4}>
          <EditingBadge names={editing} />
        </Group>
      ) : null}
      <Group gap="xs" wrap="nowrap">
        <ActionIcon variant="subtle" onClick={onBack} aria-label={t("editor.back")}>
          <IconArrowLeft size={18} />
        </ActionIcon>
        <Text fw={600} style={{ flex: 1 }}>
          {name}
        </Text>
        {!item.fixed ? (
          <Tooltip label={t("editor.removeSection")}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t("editor.removeSection")}
              onClick={() => {
                const outcome = session.apply({ kind: "removeSection", key: item.key });
                if (outcome.outcome === "rejected") setError(errorMessage(t, outcome.error));
                else onBack();
              }}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        ) : null}
      </Group>
      {error ? (
        <Text c="red" size="xs" role="alert">
          {error}
        </Text>
      ) : null}
      {view ? (
        <>
          <PanelLinks links={view.links} />
          <PanelFields fields={view.fields} />
        </>
      ) : null}
    </Stack>
  );
}

/** A section's panel, or null when the section is gone (removed by an undo while drawn). */
function readPanel(session: EditorSession, key: string): PanelView | null {
  try {
    return session.editor.panel({ panel: "section", key });
  } catch (error) {
    if (error instanceof ThemeLoadError) return null;
    throw error;
  }
}

function StatusBadge({ snapshot }: { snapshot: SessionSnapshot }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLOR[snapshot.status]} variant="light" data-testid="save-status" data-status={snapshot.status}>
      {saveStatusText(t, snapshot)}
    </Badge>
  );
}

/** A newer draft that another device left on the server: resume it here, or discard it.
 * `onFailed`: it no longer applies to the theme (it is then no longer offered). */
function RemoteDraftBanner({ count, onFailed }: { count: number; onFailed: () => void }) {
  const { t } = useTranslation();
  const { session } = useEditor();
  const [busy, setBusy] = useState(false);
  return (
    <Alert color="blue" py={6} role="status" data-testid="remote-draft">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">{t("editor.remoteDraft.text", { count })}</Text>
        <Group gap="xs" wrap="nowrap">
          <Button
            size="compact-xs"
            loading={busy}
            onClick={() => {
              setBusy(true);
              void session.resumeRemoteDraft().then((resumed) => {
                setBusy(false);
                // Not resumed and no longer offered: it did not apply (unreached: offered still).
                if (!resumed && !session.getSnapshot().remoteDraft) onFailed();
              });
            }}
          >
            {t("editor.remoteDraft.resume")}
          </Button>
          <Button size="compact-xs" variant="default" disabled={busy} onClick={() => session.discardRemoteDraft()}>
            {t("editor.remoteDraft.discard")}
          </Button>
        </Group>
      </Group>
    </Alert>
  );
}

/** The page the preview shows for a page of the picker. */
const previewOf = (page: Page): PreviewPage => (page === "home" ? "homepage" : "product");

// The page and device pickers do not change with the document: drawn again only when their
// own value does (Mantine's select and segmented control measure the page when drawn).
const PagePicker = memo(function PagePicker({ page, onChange }: { page: Page; onChange: (page: Page) => void }) {
  const { t } = useTranslation();
  return (
    <Select
      aria-label={t("editor.page")}
      size="xs"
      w={150}
      allowDeselect={false}
      value={page}
      data={[
        { value: "home", label: t("editor.pages.home") },
        { value: "product", label: t("editor.pages.product") },
      ]}
      onChange={(value) => value && onChange(value as Page)}
    />
  );
});

const DEVICES = [
  { value: "desktop", icon: IconDeviceDesktop },
  { value: "mobile", icon: IconDeviceMobile },
] as const;

const DevicePicker = memo(function DevicePicker({ device, onChange }: { device: "desktop" | "mobile"; onChange: (device: "desktop" | "mobile") => void }) {
  const { t } = useTranslation();
  return (
    <SegmentedControl
      size="xs"
      value={device}
      onChange={(value) => onChange(value as "desktop" | "mobile")}
      data={DEVICES.map(({ value, icon: DeviceIcon }) => ({
        value,
        label: (
          <Group gap={4} wrap="nowrap">
            <DeviceIcon size={14} aria-hidden />
            {t(`editor.${value}`)}
          </Group>
        ),
      }))}
      aria-label={t("editor.device")}
    />
  );
});

// Undo, redo and versions: drawn again only when what they show changes.
const HistoryButtons = memo(function HistoryButtons({ canUndo, canRedo, onVersions }: { canUndo: boolean; canRedo: boolean; onVersions: () => void }) {
  const { t } = useTranslation();
  const { session } = useEditor();
  return (
    <>
      <Tooltip label={t("editor.undo")}>
        <ActionIcon variant="default" aria-label={t("editor.undo")} disabled={!canUndo} onClick={() => session.undo()}>
          <IconArrowBackUp size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t("editor.redo")}>
        <ActionIcon variant="default" aria-label={t("editor.redo")} disabled={!canRedo} onClick={() => session.redo()}>
          <IconArrowForwardUp size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t("editor.versions.title")}>
        <ActionIcon variant="default" aria-label={t("editor.versions.title")} onClick={onVersions}>
          <IconHistory size={16} />
        </ActionIcon>
      </Tooltip>
    </>
  );
});

/** How often the editor asks for a new preview link: before the last one (an hour) runs out. */
const PREVIEW_LINK_RENEW_MS = 50 * 60 * 1000;

/** The theme's signed preview link, renewed before it runs out; offline, the copy kept from the
 * last answer (the frame's worker serves the page it opened). */
function usePreviewLink(themeId: string) {
  return useQuery({
    queryKey: ["themes", themeId, "preview-link"],
    queryFn: async ({ signal }) => {
      const link = await fetchPreviewLink(themeId, signal);
      keepCopy(`themes.previewLink.${themeId}`, link);
      return link;
    },
    initialData: () => offlineCopy<ThemePreviewLink>(`themes.previewLink.${themeId}`),
    initialDataUpdatedAt: 0,
    staleTime: PREVIEW_LINK_RENEW_MS,
    refetchInterval: PREVIEW_LINK_RENEW_MS,
  });
}

function Editor({ themeId, snapshot }: { themeId: string; snapshot: SessionSnapshot }) {
  const { t } = useTranslation();
  const { session } = useEditor();
  const store = useStoreStatus();
  const [tab, setTab] = useState<string | null>("sections");
  const [page, setPage] = useState<Page>("home");
  const [device, setDevice] = useState<"desktop" | "mobile">("desktop");
  // On a phone the top bar keeps only what fits (close, page, undo and redo, Save), the preview
  // is the phone's own, and the sidebar and the preview take the whole width in turn.
  const phone = useMediaQuery(`(max-width: ${shellConstants.mobileBreakpointPx}px)`) ?? false;
  const [pane, setPane] = useState<"edit" | "preview">("edit");
  const storeUrl = useStoreUrl();
  const [section, setSection] = useState<string | null>(null);
  const [panel, setPanel] = useState<string | null>(null);
  const [previewPage, setPreviewPage] = useState<PreviewPage>("homepage");
  const [scrollTo, setScrollTo] = useState<{ section: string; at: number } | null>(null);
  const [versionsOpen, setVersionsOpen] = useState(false);
  const [remoteFailed, setRemoteFailed] = useState(false);
  const openVersions = useCallback(() => setVersionsOpen(true), []);
  const [looking, setLooking] = useState<{ number: number; configJson: string } | null>(null);
  // A theme's family does not change while it is edited.
  const family = useMemo(() => session.editor.family(), [session]);
  const [stamp] = useState(() => Date.now());
  const subdomain = store.data?.subdomain;
  const link = usePreviewLink(themeId);
  const token = link.data?.token;
  const src = subdomain && token ? previewUrl(`/s/${subdomain}`, stamp, family.family, token) : null;
  const items = session.editor.sections();
  const open = items.find((item) => item.key === section) ?? null;
  // Where the others are in the live session, and where this editor is.
  const found = useMemo(() => whereabouts(snapshot.live), [snapshot.live]);
  const labels = useMemo(() => previewLabels(t, found), [t, found]);
  useEffect(() => {
    session.setPresence(open ? open.key : null, undefined);
  }, [session, open]);

  // Ctrl/Cmd+Z undoes, Shift+Ctrl/Cmd+Z (or Ctrl+Y) redoes; text fields keep their own undo.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey)) return;
      const target = event.target as HTMLElement | null;
      if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.isContentEditable)) return;
      const key = event.key.toLowerCase();
      if (key === "z" && !event.shiftKey) {
        event.preventDefault();
        session.undo();
      } else if ((key === "z" && event.shiftKey) || key === "y") {
        event.preventDefault();
        session.redo();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [session]);

  const openSection = (item: SectionListItem) => {
    setSection(item.key);
    setTab("sections");
    setPreviewPage("homepage");
    setScrollTo({ section: item.key, at: Date.now() });
  };
  const openGroup = (group: SettingsGroupView | null) => {
    setPanel(group?.panel ?? null);
    if (group) {
      const next = previewPageForPanel(group.panel);
      if (next) setPreviewPage(next);
    }
  };
  const choosePage = useCallback((next: Page) => {
    setPage(next);
    setPanel(null);
    setPreviewPage(previewOf(next));
  }, []);
  const onSelect = (key: string) => {
    const item = items.find((candidate) => candidate.key === key);
    if (item) {
      setSection(item.key);
      setTab("sections");
      setPane("edit");
    }
  };
  const close = useClose();

  return (
    <WhereaboutsContext.Provider value={found}>
      <Box style={{ height: "100vh", display: "flex", flexDirection: "column" }}>
        <Group
          justify="space-between"
          px={phone ? 6 : "sm"}
          py={6}
          gap={phone ? 4 : "md"}
          style={{ borderBottom: "1px solid var(--mantine-color-gray-3)" }}
          wrap="nowrap"
          data-testid="editor-top-bar"
        >
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <Tooltip label={t("editor.close")}>
              <ActionIcon variant="subtle" aria-label={t("editor.close")} onClick={close}>
                <IconX size={18} />
              </ActionIcon>
            </Tooltip>
            {!phone && (
              <Text fw={700} size="sm">
                {t("editor.title")}
              </Text>
            )}
            {!phone && <Badge variant="outline">{family.family === "newchick" ? t("library.themes.fashion") : t("library.themes.default")}</Badge>}
            <PagePicker page={page} onChange={choosePage} />
            {/* The spec's picker has two pages; a panel may show another in the preview (Colors
              shows the product page): said beside the picker, so the two never seem to disagree. */}
            {!phone && previewPage !== previewOf(page) && (
              <Text size="xs" c="dimmed" data-testid="preview-page">
                {t("editor.previewShows", { page: t(`editor.previewPages.${previewPage}`) })}
              </Text>
            )}
          </Group>
          {!phone && <DevicePicker device={device} onChange={setDevice} />}
          <Group gap={phone ? 2 : "xs"} wrap="nowrap" style={{ flex: "none" }}>
            <LiveAvatars live={snapshot.live} max={phone ? 2 : 5} />
            {!phone && <StatusBadge snapshot={snapshot} />}
            {!phone && storeUrl && (
              <Tooltip label={t("firsthour.viewStore")}>
                <ActionIcon component="a" href={storeUrl} target="_blank" rel="noopener" variant="subtle" aria-label={t("firsthour.viewStore")}>
                  <IconExternalLink size={18} />
                </ActionIcon>
              </Tooltip>
            )}
            <HistoryButtons canUndo={snapshot.canUndo} canRedo={snapshot.canRedo} onVersions={openVersions} />
            <Button size="xs" loading={snapshot.status === "saving"} disabled={snapshot.pending === 0} onClick={() => void session.save()}>
              {t("editor.save")}
            </Button>
          </Group>
        </Group>
        {snapshot.remoteDraft ? <RemoteDraftBanner count={snapshot.remoteDraft.count} onFailed={() => setRemoteFailed(true)} /> : null}
        {remoteFailed ? (
          <Alert color="red" role="alert" py={6} withCloseButton closeButtonLabel={t("editor.close")} onClose={() => setRemoteFailed(false)}>
            {t("editor.remoteDraft.failed")}
          </Alert>
        ) : null}
        {snapshot.storageError ? (
          <Alert color="red" role="alert" py={6}>
            {t(snapshot.storageError === "quota" ? "editor.storageFull" : "editor.storageFailed")}
          </Alert>
        ) : null}
        {snapshot.live && snapshot.live.dropped > 0 ? (
          <Alert color="yellow" role="status" py={6} data-testid="live-dropped">
            {t("editor.live.dropped", { count: snapshot.live.dropped })}
          </Alert>
        ) : null}
        {snapshot.saveError ? (
          <Alert color="red" role="alert" py={6}>
            {snapshot.saveError.join(" ") || t("editor.saveFailed")}
          </Alert>
        ) : null}
        {looking ? (
          <Alert color="blue" py={6}>
            <Group justify="space-between">
              <Text size="sm">{t("editor.versions.looking", { n: looking.number })}</Text>
              <Button size="compact-xs" variant="default" onClick={() => setLooking(null)}>
                {t("editor.versions.backToCurrent")}
              </Button>
            </Group>
          </Alert>
        ) : null}
        {phone && (
          <SegmentedControl
            fullWidth
            radius={0}
            value={pane}
            onChange={(value) => setPane(value === "preview" ? "preview" : "edit")}
            data={[
              { value: "edit", label: t("firsthour.editor.edit") },
              { value: "preview", label: t("firsthour.editor.preview") },
            ]}
            aria-label={t("firsthour.editor.panes")}
          />
        )}
        <Box style={{ flex: 1, display: "flex", minHeight: 0, minWidth: 0 }}>
          <Box
            component="aside"
            w={phone ? "100%" : 340}
            display={phone && pane !== "edit" ? "none" : undefined}
            style={{ borderRight: phone ? undefined : "1px solid var(--mantine-color-gray-3)", overflowY: "auto", flex: "none" }}
            p="sm"
            aria-label={t("editor.sidebar")}
          >
            {/* The hidden tab is not kept: it would be drawn again after every change. */}
            <Tabs value={tab} onChange={setTab} keepMounted={false}>
              <Tabs.List grow mb="sm">
                <Tabs.Tab value="sections">{t("editor.tabs.sections")}</Tabs.Tab>
                <Tabs.Tab value="settings">{t("editor.tabs.settings")}</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="sections">
                {open ? <SectionPanel key={open.key} item={open} onBack={() => setSection(null)} /> : <SectionsTab selected={section} onOpen={openSection} />}
              </Tabs.Panel>
              <Tabs.Panel value="settings">
                <SettingsTab page={page} open={panel} onOpen={openGroup} />
              </Tabs.Panel>
            </Tabs>
          </Box>
          {/* Kept mounted while the sidebar shows on a phone, so the preview is ready on return. */}
          <Box style={{ flex: 1, minWidth: 0, display: phone && pane !== "preview" ? "none" : "flex" }}>
            <Preview src={src} device={device} page={previewPage} session={session} looking={looking} scrollTo={scrollTo} onSelect={onSelect} labels={labels} />
          </Box>
        </Box>
        <VersionsDrawer themeId={themeId} opened={versionsOpen} onClose={() => setVersionsOpen(false)} snapshot={snapshot} onPreview={setLooking} />
        <ConflictsDialog snapshot={snapshot} />
      </Box>
    </WhereaboutsContext.Provider>
  );
}

/** Close returns to the route the spec names, website.themes (Custom Store, which links to the
 * Themes list). */
function useClose() {
  const navigate = useNavigate();
  const customStore = routePath("website.themes") ?? "/";
  return () => void navigate(customStore);
}

export function EditorPage() {
  const { themeId = "" } = useParams();
  const { t } = useTranslation();
  const close = useClose();
  const { session, snapshot, error, loading, retry } = useEditorSession(themeId);
  const context = useMemo(() => (session ? { session } : null), [session]);
  if (loading) {
    return (
      <Center h="100vh">
        <Loader aria-label={t("editor.loading")} />
      </Center>
    );
  }
  if (!session || !snapshot || !context) {
    return (
      <Center h="100vh">
        <Alert color="red" title={t("editor.loadFailed")} role="alert" maw={480} mx="md">
          <Stack gap="sm">
            <Text size="sm">{errorText(error)}</Text>
            <Group gap="sm">
              <Button onClick={retry}>{t("editor.retry")}</Button>
              <Button variant="default" onClick={close}>
                {t("editor.close")}
              </Button>
            </Group>
          </Stack>
        </Alert>
      </Center>
    );
  }
  return (
    <EditorContext.Provider value={context}>
      <RevisionContext.Provider value={snapshot.revision}>
        <Editor key={`${session.draft.id}`} themeId={themeId} snapshot={snapshot} />
      </RevisionContext.Provider>
    </EditorContext.Provider>
  );
}
