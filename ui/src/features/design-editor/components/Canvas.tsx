// The design's stage: one view at a time (a print area over a garment mockup, a book's cover or
// page, or a two-page spread with its gutter and bleed), each layer drawn to scale. A layer is
// moved by dragging it or with the arrow keys and resized by its corner handle; every change is
// a command the core judges.
import { Box, Text, VisuallyHidden } from "@mantine/core";
import { type CSSProperties, type KeyboardEvent, type PointerEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { type Design, type Layer, type Surface, designChoices, fitLayer } from "../../../core/designs";
import { layerName, surfaceName } from "./labels";

export interface CanvasProps {
  design: Design;
  view: number[];
  activeSurface: string;
  selectedLayer: string | null;
  onSelect: (surface: string, layer: string | null) => void;
  /** Sends an updated layer to the core; true when it was accepted. */
  onChange: (surface: string, layer: Layer) => boolean;
  onRemove: (surface: string, layer: string) => void;
}

/** Where a print area sits on the garment mockup (a 460 x 520 drawing): its box's top-left
 * corner and the height it is drawn at. */
const MOCKUP_PLACES: Record<string, { left: number; top: number; height: number }> = {
  front: { left: 121, top: 110, height: 290 },
  back: { left: 121, top: 100, height: 290 },
  "left-sleeve": { left: 46, top: 90, height: 62 },
  "right-sleeve": { left: 352, top: 90, height: 62 },
};

function Tee({ back }: { back: boolean }) {
  return (
    <svg viewBox="0 0 460 520" width={460} height={520} aria-hidden="true" style={{ position: "absolute", inset: 0 }}>
      <path
        d="M150 30 L110 40 L20 120 L70 190 L110 160 L110 500 L350 500 L350 160 L390 190 L440 120 L350 40 L310 30 Q230 80 150 30 Z"
        fill="var(--mantine-color-gray-1)"
        stroke="var(--mantine-color-gray-5)"
        strokeWidth={2}
      />
      <path d={back ? "M150 30 Q230 50 310 30" : "M150 30 Q230 80 310 30"} fill="none" stroke="var(--mantine-color-gray-5)" strokeWidth={2} />
    </svg>
  );
}

interface Drag {
  pointer: number;
  startX: number;
  startY: number;
  layer: Layer;
  resize: boolean;
}

function LayerBox({
  surface,
  layer,
  scale,
  selected,
  onSelect,
  onChange,
  onRemove,
}: {
  surface: Surface;
  layer: Layer;
  scale: number;
  selected: boolean;
  onSelect: () => void;
  onChange: (layer: Layer) => boolean;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const drag = useRef<Drag | null>(null);
  const [preview, setPreview] = useState<Layer | null>(null);
  const shown = preview ?? layer;

  const start = (event: PointerEvent<HTMLElement>, resize: boolean) => {
    if (event.button !== 0) return;
    event.stopPropagation();
    onSelect();
    (event.currentTarget as HTMLElement).setPointerCapture(event.pointerId);
    drag.current = { pointer: event.pointerId, startX: event.clientX, startY: event.clientY, layer, resize };
  };
  const move = (event: PointerEvent<HTMLElement>) => {
    const current = drag.current;
    if (!current || current.pointer !== event.pointerId) return;
    const dx = Math.round((event.clientX - current.startX) / scale);
    const dy = Math.round((event.clientY - current.startY) / scale);
    const moved = current.resize
      ? fitLayer(surface, { ...current.layer, width: current.layer.width + dx, height: current.layer.height + dy }, false)
      : fitLayer(surface, { ...current.layer, x: current.layer.x + dx, y: current.layer.y + dy }, true);
    setPreview(moved);
  };
  const end = (event: PointerEvent<HTMLElement>) => {
    if (!drag.current || drag.current.pointer !== event.pointerId) return;
    drag.current = null;
    if (preview && (preview.x !== layer.x || preview.y !== layer.y || preview.width !== layer.width || preview.height !== layer.height)) onChange(preview);
    setPreview(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const step = event.shiftKey ? designChoices.nudgeLargePx : designChoices.nudgePx;
    const moves: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    const delta = moves[event.key];
    if (delta) {
      event.preventDefault();
      onChange({ ...layer, x: layer.x + delta[0], y: layer.y + delta[1] });
    } else if (event.key === "Delete" || event.key === "Backspace") {
      event.preventDefault();
      onRemove();
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      onSelect();
    }
  };

  const box: CSSProperties = {
    position: "absolute",
    left: shown.x * scale,
    top: shown.y * scale,
    width: shown.width * scale,
    height: shown.height * scale,
    outline: selected ? "2px solid var(--mantine-color-blue-6)" : "1px dashed transparent",
    cursor: "move",
    touchAction: "none",
    overflow: "hidden",
  };
  const content = layer.content;
  return (
    <div
      role="button"
      tabIndex={0}
      aria-pressed={selected}
      aria-label={t("designs.layerOnCanvas", { name: layerName(t, layer), x: layer.x, y: layer.y })}
      aria-describedby="design-layer-keys"
      data-testid="canvas-layer"
      data-layer-id={layer.id}
      style={box}
      className="design-layer"
      onPointerDown={(event) => start(event, false)}
      onPointerMove={move}
      onPointerUp={end}
      onPointerCancel={() => {
        drag.current = null;
        setPreview(null);
      }}
      onKeyDown={onKeyDown}
      onFocus={onSelect}
    >
      {content.type === "text" ? (
        <div
          style={{
            fontFamily: content.font,
            fontSize: content.size * scale,
            lineHeight: 1.2,
            color: content.color,
            textAlign: content.align as CSSProperties["textAlign"],
            whiteSpace: "pre-wrap",
            wordBreak: "break-word",
          }}
        >
          {content.text}
        </div>
      ) : (
        <img src={content.src} alt="" draggable={false} style={{ width: "100%", height: "100%", objectFit: "contain", pointerEvents: "none" }} />
      )}
      {selected ? (
        <span
          aria-hidden="true"
          data-testid="resize-handle"
          onPointerDown={(event) => start(event, true)}
          onPointerMove={move}
          onPointerUp={end}
          style={{
            position: "absolute",
            right: 0,
            bottom: 0,
            width: 12,
            height: 12,
            background: "var(--mantine-color-blue-6)",
            cursor: "nwse-resize",
          }}
        />
      ) : null}
    </div>
  );
}

function SurfaceBox({
  design,
  surface,
  scale,
  props,
  style,
  children,
}: {
  design: Design;
  surface: Surface;
  scale: number;
  props: CanvasProps;
  style?: CSSProperties;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const active = props.activeSurface === surface.id;
  return (
    <div
      data-testid="canvas-surface"
      data-surface-id={surface.id}
      aria-label={surfaceName(t, design, surface)}
      role="group"
      onPointerDown={() => props.onSelect(surface.id, null)}
      style={{
        position: "relative",
        width: surface.widthPx * scale,
        height: surface.heightPx * scale,
        background: "white",
        outline: active ? "2px dashed var(--mantine-color-blue-4)" : "1px dashed var(--mantine-color-gray-5)",
        ...style,
      }}
    >
      {surface.layers.map((layer) => (
        <LayerBox
          key={layer.id}
          surface={surface}
          layer={layer}
          scale={scale}
          selected={props.selectedLayer === layer.id}
          onSelect={() => props.onSelect(surface.id, layer.id)}
          onChange={(next) => props.onChange(surface.id, next)}
          onRemove={() => props.onRemove(surface.id, layer.id)}
        />
      ))}
      {children}
    </div>
  );
}

export function Canvas(props: CanvasProps) {
  const { t } = useTranslation();
  const { design, view } = props;
  const surfaces = view.map((index) => design.surfaces[index]).filter((s): s is Surface => Boolean(s));
  const keys = (
    <VisuallyHidden id="design-layer-keys">{t("designs.layerKeys", { step: designChoices.nudgePx, large: designChoices.nudgeLargePx })}</VisuallyHidden>
  );
  const first = surfaces[0];
  if (!first) return keys;

  if (design.kind === "print") {
    const place = MOCKUP_PLACES[first.role] ?? MOCKUP_PLACES.front!;
    const scale = place.height / first.heightPx;
    return (
      <Box pos="relative" w={460} h={520} data-testid="garment-mockup">
        {keys}
        <Tee back={first.role === "back"} />
        <SurfaceBox
          design={design}
          surface={first}
          scale={scale}
          props={props}
          style={{ position: "absolute", left: place.left, top: place.top, background: "rgba(255,255,255,0.6)" }}
        />
        <Text size="xs" c="dimmed" pos="absolute" bottom={0} left={0} right={0} ta="center">
          {t("designs.areaSize", { w: first.widthPx, h: first.heightPx, wmm: first.widthMm, hmm: first.heightMm })}
        </Text>
      </Box>
    );
  }

  if (surfaces.length === 2 && design.kind === "book2") {
    // A spread: two trimmed pages meeting at the fold, the gutter shaded across it and the
    // bleed drawn around the whole spread.
    const scale = 340 / first.widthPx;
    const pxPerMm = (first.widthPx * scale) / first.widthMm;
    const bleed = designChoices.book2BleedMm * pxPerMm;
    const gutter = designChoices.book2GutterMm * pxPerMm;
    return (
      <Box>
        {keys}
        <Box
          data-testid="spread"
          pos="relative"
          p={bleed}
          style={{ outline: "1px dashed var(--mantine-color-red-5)", display: "flex", background: "var(--mantine-color-gray-0)" }}
        >
          {surfaces.map((surface) => (
            <SurfaceBox key={surface.id} design={design} surface={surface} scale={scale} props={props} />
          ))}
          <div
            aria-hidden="true"
            style={{
              position: "absolute",
              top: bleed,
              bottom: bleed,
              left: `calc(50% - ${gutter / 2}px)`,
              width: gutter,
              background: "rgba(0, 0, 0, 0.06)",
              borderLeft: "1px dotted var(--mantine-color-gray-6)",
              borderRight: "1px dotted var(--mantine-color-gray-6)",
              pointerEvents: "none",
            }}
          />
        </Box>
        <Text size="xs" c="dimmed" ta="center" mt={4}>
          {t("designs.spreadNote", { bleed: designChoices.book2BleedMm, gutter: designChoices.book2GutterMm })}
        </Text>
      </Box>
    );
  }

  const scale = 460 / first.widthPx;
  return (
    <Box>
      {keys}
      <SurfaceBox design={design} surface={first} scale={scale} props={props} style={{ boxShadow: "var(--mantine-shadow-sm)" }} />
      <Text size="xs" c="dimmed" ta="center" mt={4}>
        {t("designs.areaSize", { w: first.widthPx, h: first.heightPx, wmm: first.widthMm, hmm: first.heightMm })}
      </Text>
    </Box>
  );
}
