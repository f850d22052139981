// The Sections tab (spec §2.3, §4): Header, the homepage sections in the core's order (dragged
// to reorder, with Add section above / below on hover), Footer; slider-product sections are
// hidden by the core. Choosing one opens its panel; the Add Section picker lists the types the
// core allows for the theme's family.
import { ActionIcon, Button, Group, Menu, Paper, Stack, Text, Tooltip, UnstyledButton } from "@mantine/core";
import { IconArrowBarToDown, IconArrowBarToUp, IconGripVertical, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import classes from "./Sections.module.css";
import { useTranslation } from "react-i18next";
import { sortableAccessibility } from "../../../components/sortableAccessibility";
import { DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors } from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import type { SectionListItem, SectionType, ThemeErrorBody } from "../../../core/theme";
import { EditingBadge, useWhereabouts } from "./LivePresence";
import { useEditor, useRevision } from "./context";
import { errorMessage } from "./labels";

import { sectionNames, sectionTypeLabel } from "./sectionNames";

function newKey(type: string): string {
  const random = Math.random().toString(36).slice(2, 8);
  return `${type.replace(/_/g, "-")}-${random}`;
}

/** The Add Section picker: a menu of the types the core offers. */
export function AddSectionMenu({ position, place, label, icon }: { position: number; place: "above" | "below"; label: string; icon: React.ReactNode }) {
  const { session } = useEditor();
  const { t } = useTranslation();
  const [error, setError] = useState<ThemeErrorBody | null>(null);
  const types = session.editor.addableSectionTypes();
  const add = (sectionType: SectionType) => {
    const outcome = session.apply({ kind: "addSection", key: newKey(sectionType), sectionType, position, place });
    setError(outcome.outcome === "rejected" ? outcome.error : null);
  };
  return (
    <Menu position="right-start" withinPortal>
      <Menu.Target>
        <Tooltip label={label} withinPortal>
          <ActionIcon variant="subtle" size="sm" aria-label={label} color={error ? "red" : undefined}>
            {icon}
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t("editor.addSection")}</Menu.Label>
        {types.map((type) => (
          <Menu.Item key={type} onClick={() => add(type)}>
            {sectionTypeLabel(t, type)}
          </Menu.Item>
        ))}
        {error ? <Menu.Label c="red">{errorMessage(t, error)}</Menu.Label> : null}
      </Menu.Dropdown>
    </Menu>
  );
}

function Row({
  item,
  name,
  onOpen,
  selected,
  editing,
}: {
  item: SectionListItem;
  name: string;
  onOpen: (item: SectionListItem) => void;
  selected: boolean;
  editing: string[] | undefined;
}) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: item.key, disabled: item.fixed });
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p={4}
      data-testid="section-row"
      data-section-key={item.key}
      data-section-type={item.sectionType}
      data-selected={selected || undefined}
      className={classes.row}
      bg={selected ? "blue.0" : undefined}
      style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : 1 }}
    >
      <Group gap={4} wrap="nowrap">
        {item.fixed ? (
          <span style={{ width: 22 }} />
        ) : (
          <ActionIcon variant="subtle" size="sm" aria-label={t("editor.dragSection", { name })} {...attributes} {...listeners} style={{ cursor: "grab" }}>
            <IconGripVertical size={14} />
          </ActionIcon>
        )}
        <UnstyledButton onClick={() => onOpen(item)} style={{ flex: 1, padding: "4px 2px" }} aria-label={t("editor.openSection", { name })}>
          <Text size="sm" fw={item.fixed ? 600 : 400}>
            {name}
          </Text>
        </UnstyledButton>
        <EditingBadge names={editing} />
        {!item.fixed && item.index !== null ? (
          <Group gap={0} className={classes.actions}>
            <AddSectionMenu position={item.index} place="above" label={t("editor.addAbove")} icon={<IconArrowBarToUp size={14} />} />
            <AddSectionMenu position={item.index} place="below" label={t("editor.addBelow")} icon={<IconArrowBarToDown size={14} />} />
          </Group>
        ) : null}
      </Group>
    </Paper>
  );
}

export function SectionsTab({ selected, onOpen }: { selected: string | null; onOpen: (item: SectionListItem) => void }) {
  const { session } = useEditor();
  const { t } = useTranslation();
  const [error, setError] = useState<ThemeErrorBody | null>(null);
  // The list is read from the core on every change.
  useRevision();
  const items = session.editor.sections();
  const names = sectionNames(t, items);
  const editing = useWhereabouts().sections;
  const movable = items.filter((item) => !item.fixed);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = (event: DragEndEvent) => {
    const over = event.over ? movable.find((item) => item.key === event.over?.id) : undefined;
    const dragged = movable.find((item) => item.key === event.active.id);
    if (!over || !dragged || over.key === dragged.key || over.index === null) return;
    const outcome = session.apply({ kind: "moveSection", key: dragged.key, to: over.index });
    setError(outcome.outcome === "rejected" ? outcome.error : null);
  };
  const last = movable[movable.length - 1];
  return (
    <Stack gap={6}>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={sortableAccessibility(t, (id) => names.get(String(id)) ?? String(id))}
      >
        <SortableContext items={movable.map((item) => item.key)} strategy={verticalListSortingStrategy}>
          {items.map((item) => (
            <Row key={item.key} item={item} name={names.get(item.key) ?? ""} onOpen={onOpen} selected={selected === item.key} editing={editing.get(item.key)} />
          ))}
        </SortableContext>
      </DndContext>
      {error ? (
        <Text size="xs" c="red" role="alert">
          {errorMessage(t, error)}
        </Text>
      ) : null}
      <Group>
        <AddSectionMenu position={last?.index ?? 0} place={last ? "below" : "above"} label={t("editor.addSection")} icon={<IconPlus size={16} />} />
        <Text size="sm">{t("editor.addSection")}</Text>
      </Group>
      {movable.length === 0 ? (
        <Button variant="default" size="xs" disabled>
          {t("editor.noSections")}
        </Button>
      ) : null}
    </Stack>
  );
}
