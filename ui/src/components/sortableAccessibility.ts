// What a screen reader hears while a list is reordered from the keyboard or by dragging, in the
// user's language and naming the items ("Picked up Featured collection", not dnd-kit's
// "Draggable item link-2 was moved over droppable area link-0").
import type { Announcements, ScreenReaderInstructions, UniqueIdentifier } from "@dnd-kit/core";
import type { TFunction } from "i18next";

export function sortableAccessibility(
  t: TFunction,
  nameOf: (id: UniqueIdentifier) => string,
): { announcements: Announcements; screenReaderInstructions: ScreenReaderInstructions } {
  return {
    screenReaderInstructions: { draggable: t("sortable.instructions") },
    announcements: {
      onDragStart: ({ active }) => t("sortable.picked", { name: nameOf(active.id) }),
      // Over its own place (right after it is picked up) says nothing new.
      onDragOver: ({ active, over }) => (over && over.id !== active.id ? t("sortable.over", { name: nameOf(active.id), to: nameOf(over.id) }) : undefined),
      onDragEnd: ({ active, over }) => (over ? t("sortable.dropped", { name: nameOf(active.id), to: nameOf(over.id) }) : undefined),
      onDragCancel: ({ active }) => t("sortable.cancelled", { name: nameOf(active.id) }),
    },
  };
}
