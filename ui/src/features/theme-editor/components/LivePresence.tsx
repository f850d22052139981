// Who else is in the theme's live session (issue 47): their avatars in the top bar, and where
// they are: "Minh is editing" against a section's row, over its panel and over it in the
// preview, and on the field someone types in. Presence fades 60 s after their last activity (the
// server's verdict, told by the session's stream).
import { Avatar, Badge, Group, Text, Tooltip } from "@mantine/core";
import { IconPencil } from "@tabler/icons-react";
import { createContext, useContext } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { LivePresence } from "../../../types/generated/LivePresence";
import type { LiveView } from "../store/session";

/** Where the others are: the names by section key and by field path. */
export interface Whereabouts {
  sections: Map<string, string[]>;
  fields: Map<string, string[]>;
}

const NOBODY: Whereabouts = { sections: new Map(), fields: new Map() };

function add(map: Map<string, string[]>, key: string | undefined, name: string) {
  if (!key) return;
  const names = map.get(key) ?? [];
  if (!names.includes(name)) map.set(key, [...names, name]);
}

/** The names of who is where; the same person in two tabs counts once. */
export function whereabouts(live: LiveView | null): Whereabouts {
  if (!live || live.others.length === 0) return NOBODY;
  const found: Whereabouts = { sections: new Map(), fields: new Map() };
  for (const other of live.others) {
    add(found.sections, other.section, other.name);
    add(found.fields, other.field, other.name);
  }
  return found;
}

export const WhereaboutsContext = createContext<Whereabouts>(NOBODY);

export function useWhereabouts(): Whereabouts {
  return useContext(WhereaboutsContext);
}

/** One person each, whatever number of their editors are open. */
function people(others: LivePresence[]): LivePresence[] {
  const seen = new Set<string>();
  return others.filter((other) => (seen.has(other.userId) ? false : (seen.add(other.userId), true)));
}

/** The avatars of the others in the editor; nothing when alone. */
export function LiveAvatars({ live, max }: { live: LiveView | null; max: number }) {
  const { t } = useTranslation();
  if (!live || live.others.length === 0) return null;
  const shown = people(live.others);
  const names = shown.map((other) => other.name).join(", ");
  return (
    <Tooltip label={t("editor.live.others", { names })}>
      <Avatar.Group spacing="xs" aria-label={t("editor.live.others", { names })} data-testid="live-avatars" role="group">
        {shown.slice(0, max).map((other) => (
          <Avatar key={other.userId} name={other.name} color="initials" size="sm" data-testid="live-avatar" data-name={other.name} />
        ))}
        {shown.length > max ? <Avatar size="sm">+{shown.length - max}</Avatar> : null}
      </Avatar.Group>
    </Tooltip>
  );
}

/** "Minh is editing", against a section: the first names in a small badge (the whole sentence in
 * its tooltip and for screen readers), so the row keeps its section's name. */
export function EditingBadge({ names }: { names: string[] | undefined }) {
  const { t } = useTranslation();
  if (!names || names.length === 0) return null;
  const said = t("editor.live.editing", { name: names.join(", ") });
  return (
    <Tooltip label={said}>
      <Badge
        size="sm"
        color="orange"
        variant="light"
        tt="none"
        leftSection={<IconPencil size={10} aria-hidden />}
        data-testid="live-editing"
        aria-label={said}
        maw={130}
        style={{ flex: "none" }}
        styles={{ label: { overflow: "hidden", textOverflow: "ellipsis" } }}
      >
        {names.map((name) => name.split(" ")[0]).join(", ")}
      </Badge>
    </Tooltip>
  );
}

/** "Minh is typing here", on a field someone else types in. */
export function FieldMark({ path }: { path: string }) {
  const { t } = useTranslation();
  const names = useWhereabouts().fields.get(path);
  if (!names || names.length === 0) return null;
  return (
    <Group gap={4} mt={2} data-testid="live-typing">
      <Text size="xs" c="orange.8" fw={500}>
        {t("editor.live.typing", { name: names.join(", ") })}
      </Text>
    </Group>
  );
}

/** The labels the preview shows over the sections others edit, by section key. */
export function previewLabels(t: TFunction, found: Whereabouts): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const [key, names] of found.sections) labels[key] = t("editor.live.editing", { name: names.join(", ") });
  return labels;
}
