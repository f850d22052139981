// The Setting tab (spec §2.3, §4): the groups the core gives for the family and page, as
// expandable panels the user can reorder by dragging (the order is kept in this browser).
// Opening a panel switches the preview to the core's page for it; its fields are the core's
// panel of the group (`panel({panel: "group"})`), with the fields of the theme's family. The
// server's editor data says whether the user sees the full settings (§6 `showFullSettings`).
import { Accordion, ActionIcon, Group, Stack } from "@mantine/core";
import { IconGripVertical } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { sortableAccessibility } from "../../../components/sortableAccessibility";
import { DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors } from "@dnd-kit/core";
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import type { EditorPage, SettingsGroupView } from "../../../core/theme";
import { fetchEditorData } from "../api/calls";
import { useEditor, useRevision, useShared } from "./context";
import { PanelFields, PanelLinks } from "./Fields";

const ORDER_KEY = "storeloom.editor.panelOrder";

function savedOrder(scope: string): string[] {
  try {
    const all = JSON.parse(localStorage.getItem(ORDER_KEY) ?? "{}") as Record<string, string[]>;
    return Array.isArray(all[scope]) ? all[scope] : [];
  } catch {
    return [];
  }
}

function keepOrder(scope: string, order: string[]) {
  try {
    const all = JSON.parse(localStorage.getItem(ORDER_KEY) ?? "{}") as Record<string, string[]>;
    all[scope] = order;
    localStorage.setItem(ORDER_KEY, JSON.stringify(all));
  } catch {
    // The order is a convenience; without storage it lasts for this visit.
  }
}

/** An open group's fields: the core's schema of the group, read again on every change. */
function GroupFields({ group }: { group: SettingsGroupView["group"] }) {
  const { session } = useEditor();
  useRevision();
  const view = useShared(session.editor.panel({ panel: "group", group }));
  return (
    <>
      <PanelFields fields={view.fields} />
      <PanelLinks links={view.links} />
    </>
  );
}

/** One group's panel; its fields are read from the core and drawn only while it is open. */
function GroupPanel({ group, open }: { group: SettingsGroupView; open: boolean }) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, transform, transition } = useSortable({ id: group.panel });
  return (
    <Accordion.Item
      value={group.panel}
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid={`group-${group.group}`}
    >
      <Group gap={0} wrap="nowrap">
        <ActionIcon
          variant="subtle"
          size="sm"
          ml={4}
          aria-label={t("editor.dragPanel", { name: t(`editor.groups.${group.group}`) })}
          {...attributes}
          {...listeners}
          style={{ cursor: "grab" }}
        >
          <IconGripVertical size={14} />
        </ActionIcon>
        <Accordion.Control>{t(`editor.groups.${group.group}`)}</Accordion.Control>
      </Group>
      <Accordion.Panel>
        <Stack gap="xs">{open ? <GroupFields group={group.group} /> : null}</Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}

export function SettingsTab({ page, open, onOpen }: { page: EditorPage; open: string | null; onOpen: (group: SettingsGroupView | null) => void }) {
  const { t } = useTranslation();
  const { session } = useEditor();
  // Support's addresses see the full settings (the test panel); everyone else, until the
  // answer comes or when it fails, the merchant's.
  const editorData = useQuery({ queryKey: ["editor", "data"], queryFn: ({ signal }) => fetchEditorData(signal), staleTime: Infinity });
  const groups = session.editor.settingsGroups(page, editorData.data?.showFullSettings ?? false);
  const family = session.editor.family().family;
  const scope = `${family}:${page}`;
  const [order, setOrder] = useState<string[]>(() => savedOrder(scope));
  const rank = (panel: string) => {
    const at = order.indexOf(panel);
    return at < 0 ? order.length + groups.findIndex((g) => g.panel === panel) : at;
  };
  const sorted = [...groups].sort((a, b) => rank(a.panel) - rank(b.panel));
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = (event: DragEndEvent) => {
    const ids = sorted.map((g) => g.panel);
    const from = ids.indexOf(String(event.active.id));
    const to = event.over ? ids.indexOf(String(event.over.id)) : -1;
    if (from < 0 || to < 0 || from === to) return;
    const next = arrayMove(ids, from, to);
    setOrder(next);
    keepOrder(scope, next);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={sortableAccessibility(t, (id) => {
        const group = groups.find((g) => g.panel === id);
        return group ? t(`editor.groups.${group.group}`) : String(id);
      })}
    >
      <SortableContext items={sorted.map((g) => g.panel)} strategy={verticalListSortingStrategy}>
        <Accordion variant="separated" value={open} onChange={(panel) => onOpen(groups.find((g) => g.panel === panel) ?? null)} chevronPosition="right">
          {sorted.map((group) => (
            <GroupPanel key={group.panel} group={group} open={group.panel === open} />
          ))}
        </Accordion>
      </SortableContext>
    </DndContext>
  );
}
