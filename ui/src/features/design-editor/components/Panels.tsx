// The editors' side panels: the surfaces (print areas, or the cover and the pages or spreads,
// reordered by dragging or with the keyboard), the active surface's layers in drawing order,
// and the selected layer's box, text and personalization fields. Every change is a command the
// core judges; a refusal shows beside the field that caused it.
import { DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors } from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import {
  ActionIcon,
  Button,
  ColorInput,
  Group,
  Menu,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Tooltip,
  UnstyledButton,
} from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconCopy, IconGripVertical, IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  type Design,
  type DesignCommand,
  type DesignErrorBody,
  type Layer,
  type Surface,
  type TextContent,
  defaultPersonalization,
  designChoices,
} from "../../../core/designs";
import { errorMessage, layerName, surfaceName, viewName } from "./labels";

type Apply = (command: DesignCommand) => DesignErrorBody | null;

function newId(): string {
  return crypto.randomUUID();
}

function ErrorLine({ error }: { error: DesignErrorBody | null }) {
  const { t } = useTranslation();
  return error ? (
    <Text size="xs" c="red.8" role="alert">
      {errorMessage(t, error)}
    </Text>
  ) : null;
}

// ---- Surfaces ----

function StepRow({
  id,
  label,
  selected,
  onOpen,
  onDuplicate,
  onRemove,
}: {
  id: string;
  label: string;
  selected: boolean;
  onOpen: () => void;
  onDuplicate: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p={4}
      bg={selected ? "blue.0" : undefined}
      data-testid="page-row"
      style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : 1 }}
    >
      <Group gap={4} wrap="nowrap">
        <ActionIcon variant="subtle" size="sm" aria-label={t("designs.dragPage", { name: label })} {...attributes} {...listeners} style={{ cursor: "grab" }}>
          <IconGripVertical size={14} />
        </ActionIcon>
        <UnstyledButton onClick={onOpen} style={{ flex: 1, padding: "2px" }} aria-current={selected ? "true" : undefined}>
          <Text size="sm">{label}</Text>
        </UnstyledButton>
        <Tooltip label={t("designs.duplicate", { name: label })}>
          <ActionIcon variant="subtle" size="sm" aria-label={t("designs.duplicate", { name: label })} onClick={onDuplicate}>
            <IconCopy size={14} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t("designs.remove", { name: label })}>
          <ActionIcon variant="subtle" size="sm" color="red" aria-label={t("designs.remove", { name: label })} onClick={onRemove}>
            <IconTrash size={14} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Paper>
  );
}

export function SurfacesPanel({
  design,
  views,
  viewIndex,
  onOpen,
  onOpenSurface,
  apply,
}: {
  design: Design;
  views: number[][];
  viewIndex: number;
  onOpen: (index: number) => void;
  /** Opens the view holding a surface just added. */
  onOpenSurface: (id: string) => void;
  apply: Apply;
}) {
  const { t } = useTranslation();
  const [error, setError] = useState<DesignErrorBody | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const run = (command: DesignCommand) => {
    const refused = apply(command);
    setError(refused);
    return refused === null;
  };

  if (design.kind === "print") {
    const present = new Set(design.surfaces.map((s) => s.role));
    const missing = designChoices.printAreas.filter((area) => !present.has(area.role));
    return (
      <Stack gap={6}>
        <Text fw={600} size="sm">
          {t("designs.areas")}
        </Text>
        {design.surfaces.map((surface, index) => {
          const name = surfaceName(t, design, surface);
          return (
            <Paper key={surface.id} withBorder p={4} bg={viewIndex === index ? "blue.0" : undefined} data-testid="area-row">
              <Group gap={4} wrap="nowrap">
                <UnstyledButton onClick={() => onOpen(index)} style={{ flex: 1, padding: 2 }} aria-current={viewIndex === index ? "true" : undefined}>
                  <Text size="sm">{name}</Text>
                  <Text size="xs" c="dimmed">
                    {t("designs.areaSize", { w: surface.widthPx, h: surface.heightPx, wmm: surface.widthMm, hmm: surface.heightMm })}
                  </Text>
                </UnstyledButton>
                <Tooltip label={t("designs.remove", { name })}>
                  <ActionIcon
                    variant="subtle"
                    size="sm"
                    color="red"
                    aria-label={t("designs.remove", { name })}
                    onClick={() => run({ op: "removeSurface", surface: surface.id })}
                  >
                    <IconTrash size={14} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Paper>
          );
        })}
        <Menu position="bottom-start">
          <Menu.Target>
            <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} disabled={missing.length === 0}>
              {t("designs.addArea")}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {missing.map((area) => (
              <Menu.Item
                key={area.role}
                onClick={() => {
                  const id = newId();
                  if (run({ op: "addArea", id, role: area.role })) onOpenSurface(id);
                }}
              >
                {t(`designs.roles.${area.role}`)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
        <Text size="xs" c="dimmed">
          {t("designs.areasHint", { max: designChoices.printAreasMax })}
        </Text>
        <ErrorLine error={error} />
      </Stack>
    );
  }

  const steps = views.slice(1);
  const stepIds = steps.map((view) => design.surfaces[view[0] ?? 0]?.id ?? "");
  const perStep = design.kind === "book2" ? 2 : 1;
  const pages = design.surfaces.length - 1;
  const current = design.surfaces[views[viewIndex]?.[0] ?? 0];
  const onDragEnd = (event: DragEndEvent) => {
    const to = stepIds.indexOf(String(event.over?.id ?? ""));
    if (to < 0 || event.active.id === event.over?.id) return;
    run({ op: "movePages", surface: String(event.active.id), to });
  };
  const cover = design.surfaces[0];
  const stepName = (id: string | number) => {
    const at = stepIds.indexOf(String(id));
    return at < 0 ? "" : viewName(t, design, steps[at] ?? []);
  };
  return (
    <Stack gap={6}>
      <Text fw={600} size="sm">
        {t("designs.pages", { count: pages })}
      </Text>
      {cover ? (
        <Paper withBorder p={4} bg={viewIndex === 0 ? "blue.0" : undefined}>
          <UnstyledButton onClick={() => onOpen(0)} style={{ width: "100%", padding: 2 }} aria-current={viewIndex === 0 ? "true" : undefined}>
            <Text size="sm" fw={600}>
              {surfaceName(t, design, cover)}
            </Text>
          </UnstyledButton>
        </Paper>
      ) : null}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          screenReaderInstructions: { draggable: t("designs.dragInstructions") },
          announcements: {
            onDragStart: ({ active }) => t("designs.picked", { name: stepName(active.id) }),
            onDragOver: ({ active, over }) => (over ? t("designs.over", { name: stepName(active.id), to: stepName(over.id) }) : undefined),
            onDragEnd: ({ active, over }) => (over ? t("designs.dropped", { name: stepName(active.id), to: stepName(over.id) }) : undefined),
            onDragCancel: ({ active }) => t("designs.cancelled", { name: stepName(active.id) }),
          },
        }}
      >
        <SortableContext items={stepIds} strategy={verticalListSortingStrategy}>
          {steps.map((view, index) => (
            <StepRow
              key={stepIds[index]}
              id={stepIds[index] ?? ""}
              label={viewName(t, design, view)}
              selected={viewIndex === index + 1}
              onOpen={() => onOpen(index + 1)}
              onDuplicate={() => {
                const ids = Array.from({ length: perStep }, newId);
                if (run({ op: "duplicatePages", surface: stepIds[index] ?? "", ids })) onOpenSurface(ids[0] ?? "");
              }}
              onRemove={() => run({ op: "removeSurface", surface: stepIds[index] ?? "" })}
            />
          ))}
        </SortableContext>
      </DndContext>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconPlus size={14} />}
        onClick={() => {
          const ids = Array.from({ length: perStep }, newId);
          if (run({ op: "addPages", after: current?.id ?? "cover", ids })) onOpenSurface(ids[0] ?? "");
        }}
      >
        {perStep === 2 ? t("designs.addSpread") : t("designs.addPage")}
      </Button>
      <Text size="xs" c="dimmed">
        {t("designs.pagesHint", { min: designChoices.bookPagesMin, max: designChoices.bookPagesMax })}
      </Text>
      <ErrorLine error={error} />
    </Stack>
  );
}

// ---- Layers ----

export function LayersPanel({
  design,
  surface,
  selected,
  onSelect,
  apply,
  error,
  setError,
}: {
  design: Design;
  surface: Surface;
  selected: string | null;
  onSelect: (layer: string | null) => void;
  apply: Apply;
  error: DesignErrorBody | null;
  setError: (error: DesignErrorBody | null) => void;
}) {
  const { t } = useTranslation();
  const top = [...surface.layers].reverse();
  const run = (command: DesignCommand) => setError(apply(command));
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        {t("designs.layersOf", { name: surfaceName(t, design, surface), count: surface.layers.length, max: designChoices.layersMax })}
      </Text>
      {top.length === 0 ? (
        <Text size="xs" c="dimmed">
          {t("designs.noLayers")}
        </Text>
      ) : null}
      <Stack gap={2} data-testid="layer-list">
        {top.map((layer) => {
          const index = surface.layers.indexOf(layer);
          const name = layerName(t, layer);
          return (
            <Paper key={layer.id} withBorder p={2} bg={selected === layer.id ? "blue.0" : undefined} data-testid="layer-row">
              <Group gap={2} wrap="nowrap">
                <UnstyledButton
                  onClick={() => onSelect(layer.id)}
                  style={{ flex: 1, padding: 2, overflow: "hidden" }}
                  aria-current={selected === layer.id ? "true" : undefined}
                >
                  <Text size="xs" truncate>
                    {name}
                  </Text>
                </UnstyledButton>
                <ActionIcon
                  variant="subtle"
                  size="sm"
                  aria-label={t("designs.forward", { name })}
                  disabled={index === surface.layers.length - 1}
                  onClick={() => run({ op: "moveLayer", surface: surface.id, layer: layer.id, to: index + 1 })}
                >
                  <IconArrowUp size={14} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  size="sm"
                  aria-label={t("designs.backward", { name })}
                  disabled={index === 0}
                  onClick={() => run({ op: "moveLayer", surface: surface.id, layer: layer.id, to: index - 1 })}
                >
                  <IconArrowDown size={14} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  size="sm"
                  color="red"
                  aria-label={t("designs.remove", { name })}
                  onClick={() => run({ op: "removeLayer", surface: surface.id, layer: layer.id })}
                >
                  <IconTrash size={14} />
                </ActionIcon>
              </Group>
            </Paper>
          );
        })}
      </Stack>
      <ErrorLine error={error} />
    </Stack>
  );
}

// ---- The selected layer ----

/** A number field whose every value is sent to the core; a refused one stays in the field
 * with the refusal under it until a good value replaces it. */
function CommitNumber({ label, value, onCommit }: { label: string; value: number; onCommit: (value: number) => DesignErrorBody | null }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string | number>(value);
  const [error, setError] = useState<DesignErrorBody | null>(null);
  // A new value from the design (an accepted edit, undo) replaces the draft.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setDraft(value);
    setError(null);
  }
  return (
    <NumberInput
      size="xs"
      label={label}
      value={draft}
      allowDecimal={false}
      error={error ? errorMessage(t, error) : undefined}
      onChange={(next) => {
        setDraft(next);
        if (typeof next === "number") setError(onCommit(next));
      }}
    />
  );
}

/** A text field judged by the core at every change, like CommitNumber. */
function CommitText({
  label,
  value,
  multiline,
  onCommit,
}: {
  label: string;
  value: string;
  multiline?: boolean;
  onCommit: (value: string) => DesignErrorBody | null;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<DesignErrorBody | null>(null);
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setDraft(value);
    setError(null);
  }
  const props = {
    size: "xs" as const,
    label,
    value: draft,
    error: error ? errorMessage(t, error) : undefined,
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      setDraft(event.currentTarget.value);
      setError(onCommit(event.currentTarget.value));
    },
  };
  return multiline ? <Textarea autosize minRows={2} {...props} /> : <TextInput {...props} />;
}

export function LayerPanel({ surface, layer, apply }: { surface: Surface; layer: Layer; apply: Apply }) {
  const { t } = useTranslation();
  const [error, setError] = useState<DesignErrorBody | null>(null);
  const update = (next: Layer) => apply({ op: "updateLayer", surface: surface.id, layer: next });
  const updateText = (change: Partial<TextContent>) => (layer.content.type === "text" ? update({ ...layer, content: { ...layer.content, ...change } }) : null);
  const content = layer.content;
  return (
    <Stack gap={6} data-testid="layer-panel">
      <Text fw={600} size="sm">
        {layerName(t, layer)}
      </Text>
      <SimpleGrid cols={2} spacing={6} verticalSpacing={4}>
        <CommitNumber label={t("designs.x")} value={layer.x} onCommit={(x) => update({ ...layer, x })} />
        <CommitNumber label={t("designs.y")} value={layer.y} onCommit={(y) => update({ ...layer, y })} />
        <CommitNumber label={t("designs.width")} value={layer.width} onCommit={(width) => update({ ...layer, width })} />
        <CommitNumber label={t("designs.height")} value={layer.height} onCommit={(height) => update({ ...layer, height })} />
      </SimpleGrid>
      {content.type === "text" ? (
        <>
          <CommitText label={t("designs.text")} multiline value={content.text} onCommit={(text) => updateText({ text })} />
          <Select
            size="xs"
            label={t("designs.font")}
            allowDeselect={false}
            value={content.font}
            data={designChoices.fonts}
            onChange={(font) => font && setError(updateText({ font }))}
          />
          <CommitNumber label={t("designs.fontSize")} value={content.size} onCommit={(size) => updateText({ size })} />
          <ColorInput
            size="xs"
            label={t("designs.color")}
            format="hex"
            withEyeDropper={false}
            value={content.color}
            onChangeEnd={(color) => setError(updateText({ color }))}
          />
          <div>
            <Text size="xs" fw={500} id={`align-${layer.id}`}>
              {t("designs.align")}
            </Text>
            <SegmentedControl
              size="xs"
              fullWidth
              aria-labelledby={`align-${layer.id}`}
              value={content.align}
              data={designChoices.aligns.map((value) => ({ value, label: t(`designs.aligns.${value}`) }))}
              onChange={(align) => setError(updateText({ align }))}
            />
          </div>
          <Switch
            size="sm"
            label={t("designs.personalizable")}
            description={t("designs.personalizableHint")}
            checked={Boolean(content.personalization)}
            onChange={(event) =>
              setError(updateText({ personalization: event.currentTarget.checked ? defaultPersonalization(content, t("designs.defaultLabel")) : undefined }))
            }
          />
          {content.personalization ? (
            <>
              <CommitText
                label={t("designs.personalLabel")}
                value={content.personalization.label}
                onCommit={(label) => updateText({ personalization: { ...content.personalization!, label } })}
              />
              <CommitNumber
                label={t("designs.personalMax")}
                value={content.personalization.maxLength}
                onCommit={(maxLength) => updateText({ personalization: { ...content.personalization!, maxLength } })}
              />
            </>
          ) : null}
        </>
      ) : (
        <CommitText label={t("designs.alt")} value={content.alt} onCommit={(alt) => update({ ...layer, content: { ...content, alt } })} />
      )}
      <ErrorLine error={error} />
    </Stack>
  );
}
