// The generic fields of every settings panel: a panel is a path of the config, and each value
// under it is drawn by the kind the core's rule table gives its path (number with bounds,
// choice, flag, rich text, list with its limit, managed parts with their own command), else by
// the value's shape (colour, image, link, menu, page, collection, product, text). Every change
// is a core command; a refused one shows the core's message under the field.
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Collapse,
  ColorInput,
  FileButton,
  Group,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconChevronDown, IconChevronRight, IconGripVertical, IconPlus, IconTrash, IconUpload } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { type ReactNode, memo, useState } from "react";
import { useTranslation } from "react-i18next";
import { DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors } from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import type { ThemeErrorBody } from "../../../core/theme";
import { errorText } from "../../../lib/errors";
import { fetchMenus, publishedPages, searchCollections, searchProducts, uploadImage } from "../api/calls";
import { join, listRefAt, segmentsOf } from "../store/paths";
import { useEditor, useRevision } from "./context";
import { FieldError, useRun } from "./fieldKit";
import { FontField } from "./FontField";
import { errorMessage, fieldLabel } from "./labels";

type Json = unknown;
type Obj = Record<string, Json>;

const isObj = (v: Json): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const COLOR = /^#([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const IMAGE_KEYS = /(^|_)(image|logo|banner|icon)(_|$)|^logo|^image|^banner|^src$/i;
const HIDDEN_KEYS = new Set(["index", "key", "_meta"]);

/** A text or number typed in full, committed on blur or Enter; refused text stays to correct. */
function CommittedInput({
  label,
  path,
  value,
  multiline,
  numeric,
  description,
}: {
  label: string;
  path: string;
  value: Json;
  multiline?: boolean;
  numeric?: boolean;
  description?: string;
}) {
  const run = useRun();
  const shown = value === null || value === undefined ? "" : String(value);
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<ThemeErrorBody | null>(null);
  const { t } = useTranslation();
  const commit = () => {
    if (draft === null || draft === shown) {
      setDraft(null);
      return;
    }
    const failed = run({ kind: "setField", path, value: draft });
    setError(failed);
    if (!failed) setDraft(null);
  };
  const props = {
    label,
    description,
    value: draft ?? shown,
    error: error ? errorMessage(t, error) : undefined,
    onChange: (event: { currentTarget: { value: string } }) => setDraft(event.currentTarget.value),
    onBlur: commit,
    inputMode: numeric ? ("decimal" as const) : undefined,
  };
  return multiline ? (
    <Textarea {...props} autosize minRows={2} maxRows={8} />
  ) : (
    <TextInput
      {...props}
      onKeyDown={(event) => {
        if (event.key === "Enter") commit();
      }}
    />
  );
}

function ToggleField({ label, path, value }: { label: string; path: string; value: Json }) {
  const run = useRun();
  const [error, setError] = useState<ThemeErrorBody | null>(null);
  return (
    <div>
      <Switch label={label} checked={value === true} onChange={(event) => setError(run({ kind: "setField", path, value: event.currentTarget.checked }))} />
      <FieldError error={error} />
    </div>
  );
}

function ChoiceField({ label, path, value, options, required }: { label: string; path: string; value: Json; options: string[]; required: boolean }) {
  const run = useRun();
  const { t } = useTranslation();
  const [error, setError] = useState<ThemeErrorBody | null>(null);
  return (
    <Select
      label={label}
      data={options.map((option) => ({ value: option, label: t(`editor.choices.${option}`, { defaultValue: option }) }))}
      value={typeof value === "string" && value ? value : null}
      allowDeselect={!required}
      withAsterisk={required}
      error={error ? errorMessage(t, error) : undefined}
      onChange={(next) => setError(run({ kind: "setField", path, value: next ?? "" }))}
    />
  );
}

function ColorField({ label, path, value }: { label: string; path: string; value: string }) {
  const run = useRun();
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<ThemeErrorBody | null>(null);
  const commit = (next: string | null) => {
    if (next === null || next === value) {
      setDraft(null);
      return;
    }
    const failed = run({ kind: "setField", path, value: next });
    setError(failed);
    if (!failed) setDraft(null);
  };
  return (
    <ColorInput
      label={label}
      value={draft ?? value}
      format="hex"
      error={error ? errorMessage(t, error) : undefined}
      onChange={setDraft}
      onChangeEnd={commit}
      onBlur={() => commit(draft)}
      onKeyDown={(event) => event.key === "Enter" && commit(draft)}
    />
  );
}

function ImageField({ label, path, value }: { label: string; path: string; value: string }) {
  const run = useRun();
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    setProblem(null);
    try {
      const src = await uploadImage(file);
      const failed = run({ kind: "setField", path, value: src });
      if (failed) setProblem(errorMessage(t, failed));
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setUploading(false);
    }
  };
  return (
    <Stack gap={4}>
      <CommittedInput label={label} path={path} value={value} />
      <Group gap="xs">
        {value ? <img src={value} alt="" style={{ height: 32, maxWidth: 80, objectFit: "contain", border: "1px solid var(--mantine-color-gray-3)" }} /> : null}
        <FileButton onChange={(file) => void upload(file)} accept="image/png,image/jpeg,image/gif,image/webp">
          {(props) => (
            <Button {...props} size="compact-xs" variant="default" leftSection={<IconUpload size={12} />} loading={uploading}>
              {t("editor.upload")}
            </Button>
          )}
        </FileButton>
      </Group>
      {problem ? (
        <Text size="xs" c="red" role="alert">
          {problem}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Collections searched as the user types (300 ms after the last key, spec §7). */
function useCollectionSearch(search: string) {
  const [debounced] = useDebouncedValue(search, 300);
  return useQuery({ queryKey: ["editor", "collections", debounced], queryFn: ({ signal }) => searchCollections(debounced, signal) });
}

function CollectionSelect({ label, handle, onPick }: { label: string; handle: string; onPick: (c: { title: string; handle: string; image?: string | null }) => void }) {
  const [search, setSearch] = useState("");
  const query = useCollectionSearch(search);
  const options = (query.data ?? []).map((c) => ({ value: c.handle, label: c.title }));
  if (handle && !options.some((o) => o.value === handle)) options.unshift({ value: handle, label: handle });
  return (
    <Select
      label={label}
      searchable
      data={options}
      value={handle || null}
      onSearchChange={setSearch}
      nothingFoundMessage={query.isFetching ? "…" : undefined}
      onChange={(value) => {
        const chosen = query.data?.find((c) => c.handle === value);
        if (chosen) onPick({ title: chosen.title, handle: chosen.handle, image: chosen.image });
      }}
    />
  );
}

/** A link object (§3.2): home, or a collection by its slug. */
function LinkField({ label, path, value }: { label: string; path: string; value: Obj }) {
  const run = useRun();
  const { t } = useTranslation();
  const [error, setError] = useState<ThemeErrorBody | null>(null);
  const parent = value.parent === "category" ? "category" : "home";
  const slug = isObj(value.params) && typeof value.params.slug === "string" ? value.params.slug : typeof value.slug === "string" ? value.slug : "";
  const set = (next: Obj) => setError(run({ kind: "setField", path, value: { ...value, ...next } }));
  return (
    <Paper withBorder p="xs">
      <Stack gap={6}>
        <Select
          label={label}
          data={[
            { value: "home", label: t("editor.link.home") },
            { value: "category", label: t("editor.link.collection") },
          ]}
          value={parent}
          allowDeselect={false}
          onChange={(next) => set(next === "home" ? { parent: "home", slug: "", name: "home", params: { slug: "" } } : { parent: "category" })}
        />
        {parent === "category" ? (
          <CollectionSelect
            label={t("editor.link.chooseCollection")}
            handle={slug}
            onPick={(c) => set({ parent: "category", slug: c.handle, name: c.title, params: { slug: c.handle } })}
          />
        ) : null}
        <FieldError error={error} />
      </Stack>
    </Paper>
  );
}

/** The featured collection's collection: title, image, handle. */
function CollectionField({ label, path, value }: { label: string; path: string; value: Obj }) {
  const run = useRun();
  const [error, setError] = useState<ThemeErrorBody | null>(null);
  return (
    <div>
      <CollectionSelect
        label={label}
        handle={typeof value.handle === "string" ? value.handle : ""}
        onPick={(c) => setError(run({ kind: "setField", path, value: { ...value, title: c.title, handle: c.handle, image: c.image ?? "" } }))}
      />
      <FieldError error={error} />
    </div>
  );
}

/** A flash-deal block's product, from the collection its link names. */
function ProductField({ label, path, value, blockPath }: { label: string; path: string; value: Json; blockPath: string }) {
  const { session } = useEditor();
  const run = useRun();
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 300);
  // Whether a product may be chosen depends on the block's link, not on this field's value.
  useRevision();
  const open = session.editor.flashDealProductOpen(blockPath);
  const block = session.editor.read(blockPath) as Obj | undefined;
  const url = isObj(block?.url) ? block.url : {};
  const chandle = isObj(url.params) && typeof url.params.slug === "string" && url.params.slug ? url.params.slug : String(url.slug ?? "");
  const query = useQuery({
    queryKey: ["editor", "products", chandle, debounced],
    queryFn: ({ signal }) => searchProducts(chandle, debounced, signal),
    enabled: open,
  });
  if (!open) {
    return (
      <Text size="xs" c="dimmed">
        {t("editor.productNeedsCollection")}
      </Text>
    );
  }
  const current = isObj(value) ? value : null;
  const options = (query.data ?? []).map((p) => ({ value: p._id, label: p.title }));
  if (current && typeof current._id === "string" && !options.some((o) => o.value === current._id)) {
    options.unshift({ value: current._id, label: String(current.title ?? current._id) });
  }
  return (
    <Select
      label={label}
      searchable
      data={options}
      value={current && typeof current._id === "string" ? current._id : null}
      onSearchChange={setSearch}
      onChange={(id) => {
        const chosen = query.data?.find((p) => p._id === id);
        if (chosen) run({ kind: "setField", path, value: { _id: chosen._id, title: chosen.title } });
      }}
    />
  );
}

function MenuField({ label, path, value }: { label: string; path: string; value: Json }) {
  const run = useRun();
  const menus = useQuery({ queryKey: ["editor", "menus"], queryFn: ({ signal }) => fetchMenus(signal) });
  const options = (menus.data ?? []).map((m) => ({ value: m.handle, label: m.title }));
  if (typeof value === "string" && value && !options.some((o) => o.value === value)) options.unshift({ value, label: value });
  return <Select label={label} data={options} value={typeof value === "string" && value ? value : null} onChange={(next) => run({ kind: "setField", path, value: next ?? "" })} />;
}

function PageField({ label, path, value }: { label: string; path: string; value: Json }) {
  const run = useRun();
  const pages = useQuery({ queryKey: ["editor", "pages"], queryFn: ({ signal }) => publishedPages(signal) });
  const options = (pages.data ?? []).map((p) => ({ value: p.handle, label: p.title }));
  if (typeof value === "string" && value && !options.some((o) => o.value === value)) options.unshift({ value, label: value });
  return <Select label={label} data={options} clearable value={typeof value === "string" && value ? value : null} onChange={(next) => run({ kind: "setField", path, value: next })} />;
}

/** The checkout countdown: days, hours and minutes; the core recomputes `getTime` from now. */
function CountdownField({ value }: { value: Obj }) {
  const run = useRun();
  const { t } = useTranslation();
  const [errors, setErrors] = useState<Record<string, ThemeErrorBody | null>>({});
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const units = [
    ["day", "editor.countdown.day"],
    ["hour", "editor.countdown.hour"],
    ["min", "editor.countdown.min"],
  ] as const;
  const getTime = Number(value.getTime);
  return (
    <Paper withBorder p="xs">
      <Text size="sm" fw={600}>
        {t("editor.countdown.title")}
      </Text>
      <Group grow gap="xs" align="flex-start">
        {units.map(([unit, key]) => {
          const commit = () => {
            const typed = drafts[unit];
            if (typed === undefined) return;
            const failed = run({ kind: "setCountdown", unit, value: typed, nowMs: Date.now() });
            setErrors((e) => ({ ...e, [unit]: failed }));
            if (!failed) setDrafts((d) => Object.fromEntries(Object.entries(d).filter(([k]) => k !== unit)));
          };
          return (
            <TextInput
              key={unit}
              label={t(key)}
              inputMode="numeric"
              value={drafts[unit] ?? String(value[unit] ?? "")}
              error={errors[unit] ? errorMessage(t, errors[unit]) : undefined}
              onChange={(event) => {
                const next = event.currentTarget.value;
                setDrafts((d) => ({ ...d, [unit]: next }));
              }}
              onBlur={commit}
              onKeyDown={(event) => event.key === "Enter" && commit()}
            />
          );
        })}
      </Group>
      <Text size="xs" c="dimmed" data-testid="countdown-ends" data-time={Number.isFinite(getTime) ? getTime : ""}>
        {Number.isFinite(getTime) && getTime > 0 ? t("editor.countdown.ends", { time: new Date(getTime).toLocaleString() }) : ""}
      </Text>
    </Paper>
  );
}

function itemTitle(item: Json, index: number, t: TFunction): string {
  if (isObj(item)) {
    for (const key of ["title", "heading", "name", "value"]) {
      const v = item[key];
      if (typeof v === "string" && v.trim()) return v;
      if (isObj(v) && typeof v.content === "string" && v.content.trim()) return v.content;
    }
  }
  return t("editor.item", { n: index + 1 });
}

function SortableRow({ id, children }: { id: string; children: (handle: ReactNode) => ReactNode }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id });
  const { t } = useTranslation();
  const handle = (
    <ActionIcon variant="subtle" size="sm" aria-label={t("editor.dragToReorder")} {...attributes} {...listeners} style={{ cursor: "grab" }}>
      <IconGripVertical size={14} />
    </ActionIcon>
  );
  return (
    <div ref={setNodeRef} style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : 1 }}>
      {children(handle)}
    </div>
  );
}

/** A list the list commands edit: add (disabled at the limit, with the core's message),
 * remove (not the items the core keeps), reorder by dragging, and each item's fields. */
function ListField({ label, path, items }: { label: string; path: string; items: Json[] }) {
  const { session } = useEditor();
  const run = useRun();
  const { t } = useTranslation();
  const list = listRefAt(path);
  const [open, setOpen] = useState<number | null>(null);
  const [error, setError] = useState<ThemeErrorBody | null>(null);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  if (!list) return <ObjectFields path={path} value={Object.fromEntries(items.map((v, i) => [String(i), v]))} />;
  const status = session.editor.listStatus(list);
  const ids = items.map((_, i) => `${path}#${i}`);
  const onDragEnd = (event: DragEndEvent) => {
    const from = ids.indexOf(String(event.active.id));
    const to = event.over ? ids.indexOf(String(event.over.id)) : -1;
    if (from >= 0 && to >= 0 && from !== to) setError(run({ kind: "moveItem", list, from, to }));
  };
  const flash = list.list === "flashDealBlocks";
  const add = (blockType?: string) => setError(run({ kind: "addItem", list, blockType }));
  return (
    <Stack gap={6} data-testid={`list-${list.list}`}>
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          {label}
        </Text>
        {status.max !== undefined ? (
          <Badge variant="light" color={status.full ? "orange" : "gray"}>
            {status.count}/{status.max}
          </Badge>
        ) : null}
      </Group>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          {items.map((item, index) => {
            const itemPath = join(path, index);
            const expandable = !(isObj(item) && item.isEdit === false);
            const title = itemTitle(item, index, t);
            return (
              <SortableRow key={ids[index]} id={ids[index] as string}>
                {(handle) => (
                  <Paper withBorder p={6}>
                    <Group gap={4} wrap="nowrap">
                      {handle}
                      <Button
                        variant="subtle"
                        size="compact-sm"
                        color="dark"
                        style={{ flex: 1, justifyContent: "flex-start" }}
                        disabled={!expandable}
                        leftSection={expandable ? open === index ? <IconChevronDown size={14} /> : <IconChevronRight size={14} /> : null}
                        onClick={() => setOpen(open === index ? null : index)}
                        aria-expanded={expandable ? open === index : undefined}
                      >
                        {title}
                      </Button>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="sm"
                        disabled={status.deletable[index] === false}
                        aria-label={t("editor.deleteItem", { name: title })}
                        onClick={() => {
                          setError(run({ kind: "removeItem", list, index }));
                          setOpen(null);
                        }}
                      >
                        <IconTrash size={14} />
                      </ActionIcon>
                    </Group>
                    <Collapse expanded={open === index && expandable}>
                      {open === index && expandable ? (
                        <Stack gap="xs" p="xs">
                          {isObj(item) ? <ObjectFields path={itemPath} value={item} /> : <FieldNode path={itemPath} name={String(index)} value={item} />}
                        </Stack>
                      ) : null}
                    </Collapse>
                  </Paper>
                )}
              </SortableRow>
            );
          })}
        </SortableContext>
      </DndContext>
      {items.length === 0 ? (
        <Text size="xs" c="dimmed">
          {t("editor.emptyList")}
        </Text>
      ) : null}
      {status.full ? (
        <Text size="xs" c="orange.8" role="status">
          {errorMessage(t, status.full)}
        </Text>
      ) : null}
      <Group gap="xs">
        {flash ? (
          <>
            <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} disabled={Boolean(status.full)} onClick={() => add("count-down")}>
              {t("editor.addCountdownBlock")}
            </Button>
            <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} disabled={Boolean(status.full)} onClick={() => add("collection")}>
              {t("editor.addCollectionBlock")}
            </Button>
          </>
        ) : (
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} disabled={Boolean(status.full)} onClick={() => add()}>
            {t("editor.addItem", { list: label })}
          </Button>
        )}
      </Group>
      <FieldError error={error} />
    </Stack>
  );
}

function isLink(value: Json): value is Obj {
  return isObj(value) && "parent" in value && ("params" in value || "slug" in value);
}

/** One value of the config, drawn by its rule and shape; drawn again only when its path, name
 * or value changes (values are shared between reads, `useShared`). */
export const FieldNode = memo(function FieldNode({ path, name, value }: { path: string; name: string; value: Json }) {
  const { session } = useEditor();
  const { t } = useTranslation();
  if (HIDDEN_KEYS.has(name)) return null;
  const spec = session.editor.fieldSpec(path);
  // A list called `blocks` under a `settings` wrapper takes the name of what it belongs to
  // (thank-you `steps`, `delivery_policies`).
  const parts = segmentsOf(path);
  const owner = name === "blocks" && parts[parts.length - 2] === "settings" && parts[0] === "settings" ? parts[parts.length - 3] : undefined;
  const label = fieldLabel(t, owner ?? name);
  switch (spec.kind) {
    case "hidden":
      return null;
    case "managed":
      if (isObj(value) && path.startsWith("/settings/typography/")) return <FontField label={label} path={path} value={value} />;
      if (isObj(value) && path === "/settings/checkout/time") return <CountdownField value={value} />;
      return null;
    case "list":
      return <ListField label={label} path={path} items={Array.isArray(value) ? value : []} />;
    case "range":
      return <CommittedInput label={label} path={path} value={value} numeric description={t("editor.between", { min: spec.min, max: spec.max })} />;
    case "number":
      return <CommittedInput label={label} path={path} value={value} numeric />;
    case "choice":
      return <ChoiceField label={label} path={path} value={value} options={spec.options} required={spec.required} />;
    case "bool":
      return <ToggleField label={label} path={path} value={value} />;
    case "richText":
      return <CommittedInput label={label} path={path} value={value} multiline />;
    default:
      break;
  }
  if (typeof value === "boolean") return <ToggleField label={label} path={path} value={value} />;
  if (name === "main_menu" || name === "footer_menu") return <MenuField label={label} path={path} value={value} />;
  if (name === "page_detail") return <PageField label={label} path={path} value={value} />;
  if (name === "product" && path.includes("/content/blocks/")) {
    const blockPath = path.slice(0, path.lastIndexOf("/"));
    return <ProductField label={label} path={path} value={value} blockPath={blockPath} />;
  }
  if (isLink(value)) return <LinkField label={label} path={path} value={value} />;
  if (name === "collection" && isObj(value) && "handle" in value) return <CollectionField label={label} path={path} value={value} />;
  if (typeof value === "string" && (COLOR.test(value) || /^color/i.test(name))) return <ColorField label={label} path={path} value={value} />;
  if (typeof value === "string" && IMAGE_KEYS.test(name)) return <ImageField label={label} path={path} value={value} />;
  if (typeof value === "string" && (value.length > 80 || value.includes("<"))) return <CommittedInput label={label} path={path} value={value} multiline />;
  if (typeof value === "string" || typeof value === "number" || value === null) {
    return <CommittedInput label={label} path={path} value={value} numeric={typeof value === "number"} />;
  }
  if (Array.isArray(value)) {
    if (value.every((v) => typeof v === "string")) return <StringListField label={label} path={path} value={value as string[]} />;
    return <ListField label={label} path={path} items={value} />;
  }
  if (isObj(value) && name === "settings") return <ObjectFields path={path} value={value} />;
  if (isObj(value)) {
    return (
      <Paper withBorder p="xs">
        <Text size="sm" fw={600} mb={6}>
          {label}
        </Text>
        <Stack gap="xs">
          <ObjectFields path={path} value={value} />
        </Stack>
      </Paper>
    );
  }
  return null;
});

/** A list of plain words (currencies): typed comma-separated. */
function StringListField({ label, path, value }: { label: string; path: string; value: string[] }) {
  const run = useRun();
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<ThemeErrorBody | null>(null);
  const commit = () => {
    if (draft === null) return;
    const words = draft
      .split(",")
      .map((w) => w.trim())
      .filter(Boolean);
    const failed = run({ kind: "setField", path, value: words });
    setError(failed);
    if (!failed) setDraft(null);
  };
  return (
    <TextInput
      label={label}
      description={t("editor.commaSeparated")}
      value={draft ?? value.join(", ")}
      error={error ? errorMessage(t, error) : undefined}
      onChange={(event) => setDraft(event.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(event) => event.key === "Enter" && commit()}
    />
  );
}

/** Every field of an object, in the config's order. */
export const ObjectFields = memo(function ObjectFields({ path, value }: { path: string; value: Obj }) {
  return (
    <>
      {Object.entries(value).map(([name, child]) => (
        <FieldNode key={name} path={join(path, name)} name={name} value={child} />
      ))}
    </>
  );
});

/** A link to another screen of the admin (Edit Menu, widgets), when the route exists. */
export function RouteLink({ to, children }: { to: string | null; children: ReactNode }) {
  if (!to) return null;
  return (
    <Anchor href={`/admin${to}`} size="sm">
      {children}
    </Anchor>
  );
}
