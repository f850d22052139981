// A menu's editor: title, handle and its links, each with a label and where it leads (a
// product, collection or page picked from the store's own, the home page or a web address),
// with one level of sub-links. Links are reordered by dragging their handle, or from the
// keyboard (focus the handle, Space to lift, arrows to move, Space to drop). An existing menu
// also lists the collections it links to, which can be added or taken out at once. Everything is
// checked by the core before it is sent.
import { ActionIcon, Button, Group, Paper, Stack, Text, TextInput } from "@mantine/core";
import { IconGripVertical, IconPlus, IconTrash } from "@tabler/icons-react";
import { DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors } from "@dnd-kit/core";
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { sortableAccessibility } from "../../../components/sortableAccessibility";
import { checkMenu } from "../../../core";
import type { MenuInput } from "../../../types/generated/MenuInput";
import type { MenuItem } from "../../../types/generated/MenuItem";
import type { NavigationMenu } from "../../../types/generated/NavigationMenu";
import { FormPage } from "../../../components/records/FormPage";
import { useRecordPage } from "../../../components/records/useRecordPage";
import { LinkPicker } from "./LinkPicker";
import { MenuCollections } from "./MenuCollections";
import { menuInput, menus } from "../api/menus";
import { MENUS_BASE } from "./MenusPage";

const EMPTY: MenuInput = { title: "", items: [] };
const newItem = (): MenuItem => ({ id: "", title: "", link: { parent: "home", slug: "" }, children: [] });

function ItemFields({
  item,
  onChange,
  onRemove,
  label,
  handle,
}: {
  item: MenuItem;
  onChange: (item: MenuItem) => void;
  onRemove: () => void;
  label: string;
  handle: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      {handle}
      <TextInput
        label={t("menus.fields.itemTitle")}
        aria-label={`${label}: ${t("menus.fields.itemTitle")}`}
        value={item.title}
        onChange={(e) => onChange({ ...item, title: e.currentTarget.value })}
        style={{ flex: 1, minWidth: 160 }}
      />
      <LinkPicker link={item.link} label={label} onChange={(link) => onChange({ ...item, link })} />
      <ActionIcon variant="subtle" color="red" size="lg" onClick={onRemove} aria-label={`${t("menus.removeItem")}: ${label}`}>
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}

/** One link that can be dragged (by its handle) within its list. */
function Sortable({ id, label, children }: { id: string; label: string; children: (handle: ReactNode) => ReactNode }) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const handle = (
    <ActionIcon
      ref={setActivatorNodeRef}
      variant="subtle"
      size="lg"
      aria-label={t("library.menus.drag", { label })}
      {...attributes}
      {...listeners}
      style={{ cursor: "grab", touchAction: "none" }}
    >
      <IconGripVertical size={16} />
    </ActionIcon>
  );
  return (
    <div ref={setNodeRef} data-testid="menu-link" style={{ transform: CSS.Translate.toString(transform), transition, opacity: isDragging ? 0.6 : 1 }}>
      {children(handle)}
    </div>
  );
}

/** A list of links reordered by dragging or from the keyboard. Ids are positions: the list
 * does not change while a link is being moved. */
function SortableList<T>({
  prefix,
  items,
  onMove,
  render,
  nameOf,
}: {
  prefix: string;
  items: T[];
  onMove: (from: number, to: number) => void;
  render: (item: T, index: number) => ReactNode;
  /** The item's name, as screen readers announce its moves. */
  nameOf: (item: T, index: number) => string;
}) {
  const { t } = useTranslation();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map((_, index) => `${prefix}${index}`);
  const onDragEnd = (event: DragEndEvent) => {
    const from = ids.indexOf(String(event.active.id));
    const to = event.over ? ids.indexOf(String(event.over.id)) : -1;
    if (from >= 0 && to >= 0 && from !== to) onMove(from, to);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={sortableAccessibility(t, (id) => {
        const index = ids.indexOf(String(id));
        const item = items[index];
        return item === undefined ? String(id) : nameOf(item, index);
      })}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {items.map((item, index) => render(item, index))}
      </SortableContext>
    </DndContext>
  );
}

export function MenuFormPage() {
  const { t } = useTranslation();
  const { id, record, form, formProps } = useRecordPage({ records: menus, base: MENUS_BASE, toInput: menuInput, empty: EMPTY, check: checkMenu });
  const { input, change, setInput } = form;
  const setItem = (index: number, item: MenuItem) =>
    change(
      "items",
      input.items.map((old, i) => (i === index ? item : old)),
    );
  const removeItem = (index: number) =>
    change(
      "items",
      input.items.filter((_, i) => i !== index),
    );
  const unsaved = record.data !== undefined && JSON.stringify(menuInput(record.data)) !== JSON.stringify(input);

  return (
    <FormPage back={{ to: MENUS_BASE, label: t("menus.title") }} title={id ? (record.data?.title ?? t("menus.edit")) : t("menus.add")} {...formProps}>
      <TextInput label={t("menus.fields.title")} required value={input.title} onChange={(e) => change("title", e.currentTarget.value)} />
      <TextInput
        label={t("products.fields.handle")}
        description={t("products.fields.handleHint")}
        value={input.handle ?? ""}
        onChange={(e) => change("handle", e.currentTarget.value)}
      />
      <Text fw={500} size="sm">
        {t("menus.items")}
      </Text>
      {input.items.length === 0 ? (
        <Text c="dimmed">{t("menus.noItems")}</Text>
      ) : (
        <Text size="xs" c="dimmed">
          {t("library.menus.reorderHint")}
        </Text>
      )}
      <SortableList
        prefix="link-"
        items={input.items}
        onMove={(from, to) => change("items", arrayMove(input.items, from, to))}
        nameOf={(item, index) => item.title || t("menus.itemN", { n: index + 1 })}
        render={(item, index) => {
          const label = t("menus.itemN", { n: index + 1 });
          return (
            <Sortable key={index} id={`link-${index}`} label={item.title || label}>
              {(handle) => (
                <Paper withBorder p="sm" radius="md">
                  <Stack gap="xs">
                    <ItemFields item={item} label={label} handle={handle} onChange={(next) => setItem(index, next)} onRemove={() => removeItem(index)} />
                    <SortableList
                      prefix={`link-${index}-`}
                      items={item.children}
                      onMove={(from, to) => setItem(index, { ...item, children: arrayMove(item.children, from, to) })}
                      nameOf={(child, childIndex) => child.title || t("menus.subItemN", { n: index + 1, m: childIndex + 1 })}
                      render={(child, childIndex) => {
                        const childLabel = t("menus.subItemN", { n: index + 1, m: childIndex + 1 });
                        return (
                          <Sortable key={childIndex} id={`link-${index}-${childIndex}`} label={child.title || childLabel}>
                            {(childHandle) => (
                              <Paper ml="xl" p="xs" bg="gray.0" radius="sm">
                                <ItemFields
                                  item={child}
                                  label={childLabel}
                                  handle={childHandle}
                                  onChange={(next) => setItem(index, { ...item, children: item.children.map((c, i) => (i === childIndex ? next : c)) })}
                                  onRemove={() => setItem(index, { ...item, children: item.children.filter((_, i) => i !== childIndex) })}
                                />
                              </Paper>
                            )}
                          </Sortable>
                        );
                      }}
                    />
                    <Group>
                      <Button
                        variant="subtle"
                        size="xs"
                        leftSection={<IconPlus size={14} />}
                        onClick={() => setItem(index, { ...item, children: [...item.children, newItem()] })}
                      >
                        {t("menus.addSubItem")}
                      </Button>
                    </Group>
                  </Stack>
                </Paper>
              )}
            </Sortable>
          );
        }}
      />
      <Group>
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => change("items", [...input.items, newItem()])}>
          {t("menus.addItem")}
        </Button>
      </Group>
      {id ? <MenuCollections menuId={id} unsaved={unsaved} onChanged={(menu: NavigationMenu) => setInput(menuInput(menu))} /> : null}
    </FormPage>
  );
}
