// The product design editor (print-hub-editor, book-editor, book2-editor), full-screen, one
// component in three modes: a garment's print areas over a mockup, a book page by page, or a
// book of two-page spreads. The top bar has the product's name, Close, undo and redo, the save
// status and Save; the left panel the areas or pages, the middle the stage, the right panel the
// layers and the selected layer's fields. Every edit is judged by the core (core/designs).
import { ActionIcon, Alert, Badge, Box, Button, Center, FileButton, Flex, Group, Loader, Modal, Stack, Text, Title, Tooltip } from "@mantine/core";
import { IconArrowBackUp, IconArrowForwardUp, IconChevronLeft, IconChevronRight, IconLetterT, IconPhoto, IconX } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import {
  type Design,
  type DesignCommand,
  type DesignErrorBody,
  type DesignKind,
  type Layer,
  defaultText,
  designViews,
  placeLayer,
} from "../../../core/designs";
import { ApiError } from "../../../lib/api";
import { errorText } from "../../../lib/errors";
import type { SavedDesign } from "../../../types/generated/SavedDesign";
import { saveDesign, uploadImage, useDesign } from "../api/designs";
import { Canvas } from "./Canvas";
import { KIND_TITLE, errorMessage, viewName } from "./labels";
import { LayerPanel, LayersPanel, SurfacesPanel } from "./Panels";
import { useDesignHistory } from "../hooks/useDesignHistory";

type Status = "saved" | "unsaved" | "saving" | "failed";
const STATUS_COLOR: Record<Status, string> = { saved: "green", unsaved: "yellow", saving: "blue", failed: "red" };

/** The natural width over height of an image file, or undefined when it cannot be read. */
function aspectOf(src: string): Promise<number | undefined> {
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () => resolve(image.naturalHeight > 0 ? image.naturalWidth / image.naturalHeight : undefined);
    image.onerror = () => resolve(undefined);
    image.src = src;
  });
}

function Editor({
  productId,
  kind,
  loaded,
  onReload,
}: {
  productId: string;
  kind: DesignKind;
  loaded: SavedDesign;
  onReload: () => Promise<SavedDesign | undefined>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const history = useDesignHistory(loaded.design);
  const { design, apply } = history;
  const [saved, setSaved] = useState<{ design: Design; version: number }>({ design: loaded.design, version: loaded.version });
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<{ message: string; conflict: boolean } | null>(null);
  const [viewIndex, setViewIndex] = useState(0);
  const [active, setActive] = useState<{ surface: string | null; layer: string | null }>({ surface: null, layer: null });
  const [error, setError] = useState<DesignErrorBody | null>(null);
  const [uploading, setUploading] = useState(false);
  const [leaving, setLeaving] = useState(false);

  const views = designViews(design);
  // A surface just added is opened once the design that holds it is drawn.
  const [opening, setOpening] = useState<string | null>(null);
  if (opening) {
    const at = views.findIndex((v) => v.some((i) => design.surfaces[i]?.id === opening));
    setOpening(null);
    if (at >= 0) {
      setViewIndex(at);
      setActive({ surface: opening, layer: null });
    }
  }
  const index = Math.min(viewIndex, views.length - 1);
  const view = views[index] ?? [0];
  const inView = view.map((i) => design.surfaces[i]).filter((s) => s !== undefined);
  const surface = inView.find((s) => s.id === active.surface) ?? inView[0];
  const layer = surface?.layers.find((l) => l.id === active.layer) ?? null;
  const status: Status = saving ? "saving" : saveError ? "failed" : design === saved.design ? "saved" : "unsaved";

  const run = (command: DesignCommand): DesignErrorBody | null => {
    const refused = apply(command);
    setError(refused);
    return refused;
  };

  const save = async () => {
    setSaving(true);
    setSaveError(null);
    try {
      const answer = await saveDesign(productId, kind, design, saved.version);
      setSaved({ design, version: answer.version });
    } catch (cause) {
      const conflict = cause instanceof ApiError && cause.status === 412;
      setSaveError({ message: conflict ? t("designs.conflict") : errorText(cause), conflict });
    } finally {
      setSaving(false);
    }
  };

  const reload = async () => {
    const fresh = await onReload();
    if (!fresh) return;
    history.reset(fresh.design);
    setSaved({ design: fresh.design, version: fresh.version });
    setSaveError(null);
  };

  // Ctrl/Cmd+Z undoes, Shift+Ctrl/Cmd+Z or Ctrl+Y redoes, Ctrl/Cmd+S saves; fields keep their
  // own undo.
  const { undo, redo } = history;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey)) return;
      const key = event.key.toLowerCase();
      if (key === "s") {
        event.preventDefault();
        document.getElementById("design-save")?.click();
        return;
      }
      const target = event.target as HTMLElement | null;
      if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA")) return;
      if (key === "z" && !event.shiftKey) {
        event.preventDefault();
        undo();
      } else if ((key === "z" && event.shiftKey) || key === "y") {
        event.preventDefault();
        redo();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [undo, redo]);

  const addLayer = (make: (target: NonNullable<typeof surface>) => Layer) => {
    if (!surface) return;
    const next = make(surface);
    if (run({ op: "addLayer", surface: surface.id, layer: next }) === null) setActive({ surface: surface.id, layer: next.id });
  };
  const addText = () => addLayer((target) => placeLayer(target, crypto.randomUUID(), { type: "text", ...defaultText(target, t("designs.sampleText")) }));
  const addImage = async (file: File | null) => {
    if (!file || !surface) return;
    setUploading(true);
    try {
      const src = await uploadImage(file);
      const aspect = await aspectOf(src);
      addLayer((target) => placeLayer(target, crypto.randomUUID(), { type: "image", src, alt: "" }, aspect));
    } catch (cause) {
      setError({ code: "upload", path: "", message: errorText(cause) });
    } finally {
      setUploading(false);
    }
  };

  // Unsaved edits are not lost silently: Close asks first, and the browser asks before the tab
  // is closed or reloaded.
  const unsaved = design !== saved.design;
  useEffect(() => {
    if (!unsaved) return;
    const onLeave = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", onLeave);
    return () => window.removeEventListener("beforeunload", onLeave);
  }, [unsaved]);
  const leave = () => void navigate(`/products/${productId}`);
  const close = () => (unsaved ? setLeaving(true) : leave());
  const border = "1px solid var(--mantine-color-gray-3)";

  return (
    <Box style={{ height: "100vh", display: "flex", flexDirection: "column" }}>
      <Group component="header" justify="space-between" px="sm" py={6} style={{ borderBottom: border }} wrap="nowrap">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <Tooltip label={t("designs.close")}>
            <ActionIcon variant="subtle" aria-label={t("designs.close")} onClick={close}>
              <IconX size={18} />
            </ActionIcon>
          </Tooltip>
          <Title order={1} size="h5" style={{ whiteSpace: "nowrap", overflow: "hidden", textOverflow: "ellipsis" }}>
            {loaded.productTitle}
          </Title>
          <Badge variant="outline">{t(KIND_TITLE[kind])}</Badge>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Tooltip label={t("designs.undo")}>
            <ActionIcon variant="subtle" aria-label={t("designs.undo")} disabled={!history.canUndo} onClick={history.undo}>
              <IconArrowBackUp size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t("designs.redo")}>
            <ActionIcon variant="subtle" aria-label={t("designs.redo")} disabled={!history.canRedo} onClick={history.redo}>
              <IconArrowForwardUp size={18} />
            </ActionIcon>
          </Tooltip>
          <Badge color={STATUS_COLOR[status]} variant="light" data-testid="design-status" data-status={status} role="status">
            {t(`designs.status.${status}`)}
          </Badge>
          <Button id="design-save" size="xs" loading={saving} disabled={status === "saved"} onClick={() => void save()}>
            {t("designs.save")}
          </Button>
        </Group>
      </Group>
      <Modal opened={leaving} onClose={() => setLeaving(false)} title={t("designs.leaveTitle")} closeButtonProps={{ "aria-label": t("designs.stay") }} centered>
        <Text size="sm">{t("designs.leaveBody")}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setLeaving(false)}>
            {t("designs.stay")}
          </Button>
          <Button color="red" onClick={leave}>
            {t("designs.leave")}
          </Button>
        </Group>
      </Modal>
      {saveError ? (
        <Alert color="red" py={6} role="alert" withCloseButton closeButtonLabel={t("designs.dismiss")} onClose={() => setSaveError(null)}>
          <Group gap="sm">
            <Text size="sm">{saveError.message}</Text>
            {saveError.conflict ? (
              <Button size="compact-xs" variant="white" onClick={() => void reload()}>
                {t("designs.reload")}
              </Button>
            ) : null}
          </Group>
        </Alert>
      ) : null}
      {/* Side by side on a wide screen; stacked (areas, stage, layers) on a narrow one. */}
      <Flex direction={{ base: "column", md: "row" }} style={{ flex: 1, minHeight: 0, overflowY: "auto" }}>
        <Box
          component="nav"
          aria-label={t("designs.surfacesNav")}
          w={{ base: "100%", md: 240 }}
          p="sm"
          style={{ borderRight: border, overflowY: "auto", flexShrink: 0 }}
        >
          <SurfacesPanel
            design={design}
            views={views}
            viewIndex={index}
            apply={apply}
            onOpenSurface={setOpening}
            onOpen={(next) => {
              setViewIndex(next);
              setActive({ surface: null, layer: null });
            }}
          />
        </Box>
        <Box component="main" flex={{ base: "1 0 auto", md: 1 }} style={{ overflow: "auto", minWidth: 0, background: "var(--mantine-color-gray-0)" }} p="md">
          <Stack align="center" gap="sm">
            <Group gap="xs">
              <Button size="xs" variant="default" leftSection={<IconLetterT size={14} />} onClick={addText}>
                {t("designs.addText")}
              </Button>
              <FileButton onChange={(file) => void addImage(file)} accept="image/png,image/jpeg,image/gif,image/webp">
                {(props) => (
                  <Button {...props} size="xs" variant="default" loading={uploading} leftSection={<IconPhoto size={14} />}>
                    {t("designs.addImage")}
                  </Button>
                )}
              </FileButton>
              {views.length > 1 && kind !== "print" ? (
                <Group gap={2}>
                  <ActionIcon variant="subtle" aria-label={t("designs.previous")} disabled={index === 0} onClick={() => setViewIndex(index - 1)}>
                    <IconChevronLeft size={16} />
                  </ActionIcon>
                  <Text size="sm" data-testid="view-name">
                    {viewName(t, design, view)}
                  </Text>
                  <ActionIcon variant="subtle" aria-label={t("designs.next")} disabled={index === views.length - 1} onClick={() => setViewIndex(index + 1)}>
                    <IconChevronRight size={16} />
                  </ActionIcon>
                </Group>
              ) : null}
            </Group>
            <Canvas
              design={design}
              view={view}
              activeSurface={surface?.id ?? ""}
              selectedLayer={layer?.id ?? null}
              onSelect={(target, selected) => setActive({ surface: target, layer: selected })}
              onChange={(target, next) => run({ op: "updateLayer", surface: target, layer: next }) === null}
              onRemove={(target, id) => {
                if (run({ op: "removeLayer", surface: target, layer: id }) === null) setActive({ surface: target, layer: null });
              }}
            />
            <Box mih={20} data-testid="canvas-message">
              {error ? (
                <Text size="sm" c="red.8" role="alert">
                  {error.code === "upload" ? error.message : errorMessage(t, error)}
                </Text>
              ) : null}
            </Box>
          </Stack>
        </Box>
        <Box
          component="aside"
          aria-label={t("designs.layersAside")}
          w={{ base: "100%", md: 300 }}
          p="sm"
          style={{ borderLeft: border, overflowY: "auto", flexShrink: 0 }}
        >
          <Stack gap="md">
            {surface ? (
              <LayersPanel
                design={design}
                surface={surface}
                selected={layer?.id ?? null}
                onSelect={(id) => setActive({ surface: surface.id, layer: id })}
                apply={apply}
                error={null}
                setError={setError}
              />
            ) : null}
            {surface && layer ? <LayerPanel key={layer.id} surface={surface} layer={layer} apply={apply} /> : null}
          </Stack>
        </Box>
      </Flex>
    </Box>
  );
}

/** The route's editor: `kind` from the route name, the product from the address. */
export function DesignEditorPage({ kind }: { kind: DesignKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams();
  const query = useDesign(id, kind);

  if (query.isPending) {
    return (
      <Center h="100vh" aria-busy="true">
        <Stack align="center" gap="xs">
          <Loader />
          <Text size="sm">{t("designs.loading")}</Text>
        </Stack>
      </Center>
    );
  }
  if (query.isError || !id) {
    return (
      <Center h="100vh" p="md">
        <Alert color="red" title={t("designs.loadFailed")} role="alert" maw={480}>
          <Text size="sm">{errorText(query.error)}</Text>
          <Group mt="sm">
            <Button size="xs" onClick={() => void query.refetch()}>
              {t("designs.retry")}
            </Button>
            <Button size="xs" variant="default" onClick={() => void navigate("/products")}>
              {t("designs.backToProducts")}
            </Button>
          </Group>
        </Alert>
      </Center>
    );
  }
  return <Editor key={`${id}-${kind}`} productId={id} kind={kind} loaded={query.data} onReload={async () => (await query.refetch()).data} />;
}
