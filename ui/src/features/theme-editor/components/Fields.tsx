// The fields of every panel, drawn from the core's schema: the core answers a panel as
// `FieldView`s (pointer, label key, stored value or the core's default, input) and each is drawn
// by its `input.kind` alone, never by its key's name. Every change is a core command (`setField`
// at the field's pointer, the list commands, the font and countdown commands); a refused one
// shows the core's message under the field.
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Collapse,
  ColorPicker,
  ColorSwatch,
  Combobox,
  FileButton,
  Group,
  InputBase,
  Paper,
  Popover,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  useCombobox,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconChevronDown, IconChevronRight, IconColorPicker, IconCopy, IconGripVertical, IconPlus, IconTrash, IconUpload } from "@tabler/icons-react";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { type ReactNode, memo, useState } from "react";
import { useTranslation } from "react-i18next";
import { sortableAccessibility } from "../../../components/sortableAccessibility";
import { DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors } from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { pictureAt, routePath } from "../../../core";
import type { CopyOffer, FieldInput, FieldView, LinkTarget, PanelLink, ThemeErrorBody } from "../../../core/theme";
import { editorConstants, linkTo } from "../../../core/theme";
import { errorText } from "../../../lib/errors";
import type { Collection } from "../../../types/generated/Collection";
import type { Product } from "../../../types/generated/Product";
import { type PickerPage, fetchMenus, publishedPages, searchCollections, searchProducts, uploadImage } from "../api/calls";
import { RichTextField } from "../../../components/rich-text/RichTextField";
import { ConfirmDialog } from "../../../components/records/ConfirmDialog";
import { FieldError, useRun } from "./FieldParts";
import { FieldMark } from "./LivePresence";
import { useEditor } from "./context";
import { FontField } from "./FontField";
import { errorMessage, fieldLabel } from "./labels";
import { useFormats } from "../../../hooks/useFormats";

type Obj = Record<string, unknown>;
type Input<K extends FieldInput["kind"]> = Extract<FieldInput, { kind: K }>;

const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const text = (v: unknown): string => (v === null || v === undefined ? "" : String(v));

/** The field's description: what the caller gives (bounds), and a hint when the value shown is
 * the core's default rather than a stored one (editing it stores it). */
function describe(t: TFunction, field: FieldView, extra?: string): string | undefined {
  const parts = [extra, field.freeShipping ? t("editor.freeShippingHint") : undefined, field.stored ? undefined : t("editor.defaultValue")].filter(Boolean);
  return parts.length > 0 ? parts.join(" · ") : undefined;
}

interface CommittedInputProps {
  label: string;
  path: string;
  value: unknown;
  multiline?: boolean;
  inputMode?: "numeric" | "decimal";
  description?: string;
}

/** A text typed into a field: every keystroke is an edit (the preview follows the typing), and
 * the keystrokes of one visit to the field are one command and one step to undo. While the field
 * is being typed in it shows what was typed (a text the core refuses, a number it reads
 * otherwise); leaving it (blur, Enter) shows the stored value, or the core's message when the
 * last text typed is refused. */
function useTyping(path: string, shown: string, verdict = false) {
  const { session } = useEditor();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<ThemeErrorBody | null>(null);
  // The last text the core took from this visit, and the value before the visit.
  const [taken, setTaken] = useState<string | null>(null);
  const [before, setBefore] = useState<string | null>(null);
  const type = (next: string) => {
    if (draft === null) setBefore(shown);
    setDraft(next);
    const outcome = session.apply({ kind: "setField", path, value: next }, { typing: true });
    if (outcome.outcome === "applied") {
      setTaken(next);
      setError(null);
    } else if (verdict && outcome.outcome === "rejected") {
      // The core's verdict at once (a colour code not yet complete), not only on leaving.
      setError(outcome.error);
    }
  };
  const commit = () => {
    session.endTyping();
    if (draft === null) return;
    if (draft !== shown && draft !== taken) {
      // The last text typed was refused (or the field reads it otherwise): the core says why.
      const outcome = session.apply({ kind: "setField", path, value: draft });
      if (outcome.outcome === "rejected") {
        setError(outcome.error);
        // A field that judges as it is typed (a colour) keeps none of a visit that ends refused:
        // "#12345" must not leave the "#123" typed on the way in the document.
        if (verdict && taken !== null && before !== null && taken !== before) {
          session.apply({ kind: "setField", path, value: before });
          setTaken(null);
        }
        return;
      }
    }
    setTaken(null);
    setBefore(null);
    setError(null);
    setDraft(null);
  };
  return { draft, error, taken, type, commit };
}

/** A text or number typed into a field, an edit at every keystroke (`useTyping`); a text the
 * core refuses stays to correct. */
function CommittedInput({ label, path, value, multiline, inputMode, description }: CommittedInputProps) {
  const shown = text(value);
  const { draft, error, type, commit } = useTyping(path, shown);
  const { t } = useTranslation();
  const props = {
    label,
    description,
    value: draft ?? shown,
    error: error ? errorMessage(t, error) : undefined,
    onChange: (event: { currentTarget: { value: string } }) => type(event.currentTarget.value),
    onBlur: commit,
    inputMode,
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

function NumberField({ field, label, input }: { field: FieldView; label: string; input: Input<"number"> }) {
  const { t } = useTranslation();
  const bounds = input.max !== undefined ? t("editor.between", { min: input.min, max: input.max }) : t("editor.atLeast", { min: input.min });
  return (
    <CommittedInput
      label={label}
      path={field.pointer}
      value={field.value}
      inputMode={input.whole ? "numeric" : "decimal"}
      description={describe(t, field, bounds)}
    />
  );
}

/** Rich text: the admin's rich-text editor with exactly the core's font sizes, committed when
 * the focus leaves the field (its toolbar included); the core checks the HTML. */
function RichTextInput({ field, label, input }: { field: FieldView; label: string; input: Input<"richText"> }) {
  const { t } = useTranslation();
  const shown = text(field.value);
  const { draft, error, type, commit } = useTyping(field.pointer, shown);
  return (
    <div
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) commit();
      }}
    >
      <RichTextField
        label={label}
        description={describe(t, field)}
        value={draft ?? shown}
        onChange={type}
        error={error ? errorMessage(t, error) : undefined}
        sizes={input.sizes}
        minHeight={120}
      />
    </div>
  );
}

function FlagField({ field, label }: { field: FieldView; label: string }) {
  const run = useRun();
  const { t } = useTranslation();
  const [error, setError] = useState<ThemeErrorBody | null>(null);
  return (
    <div>
      <Switch
        label={label}
        description={describe(t, field)}
        checked={field.value === true}
        onChange={(event) => setError(run({ kind: "setField", path: field.pointer, value: event.currentTarget.checked }))}
      />
      <FieldError error={error} />
    </div>
  );
}

/** One of the core's choices, each labelled by its key (`editor.choices.<label>`); the value
 * written is the choice's own (a word or a number). */
function ChoiceField({ field, label, input }: { field: FieldView; label: string; input: Input<"choice"> }) {
  const run = useRun();
  const { t } = useTranslation();
  const [error, setError] = useState<ThemeErrorBody | null>(null);
  const data = input.options.map((option) => ({ value: String(option.value), label: t(`editor.choices.${option.label}`, { defaultValue: option.label }) }));
  const current = field.value === null || field.value === undefined || field.value === "" ? null : String(field.value);
  return (
    <Select
      label={label}
      description={describe(t, field)}
      data={data}
      value={current}
      allowDeselect={!input.required}
      withAsterisk={input.required}
      error={error ? errorMessage(t, error) : undefined}
      onChange={(next) => {
        const chosen = input.options.find((option) => String(option.value) === next);
        setError(run({ kind: "setField", path: field.pointer, value: chosen ? chosen.value : "" }));
      }}
    />
  );
}

/** A colour: its code typed character by character (never reformatted while typed), or picked.
 * Each code the core takes is an edit the preview follows, and one visit is one step to undo; an
 * incomplete or garbled code shows the core's message at once and is never stored. The swatch
 * shows the colour the document holds. */
function ColorField({ field, label }: { field: FieldView; label: string }) {
  const { t } = useTranslation();
  const value = text(field.value);
  const { draft, error, taken, type, commit } = useTyping(field.pointer, value, true);
  const [picking, setPicking] = useState(false);
  const held = taken ?? value;
  return (
    <TextInput
      label={label}
      description={describe(t, field)}
      value={draft ?? value}
      error={error ? errorMessage(t, error) : undefined}
      spellCheck={false}
      autoComplete="off"
      onChange={(event) => type(event.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === "Enter") commit();
      }}
      leftSection={<ColorSwatch color={held || "transparent"} size={18} aria-hidden />}
      rightSection={
        <Popover
          opened={picking}
          onChange={(opened) => {
            setPicking(opened);
            if (!opened) commit();
          }}
          position="bottom-end"
          trapFocus
          returnFocus
        >
          <Popover.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={t("editor.pickColour", { field: label })} onClick={() => setPicking((open) => !open)}>
              <IconColorPicker size={16} />
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown>
            <ColorPicker format="hex" value={held} onChange={type} saturationLabel={t("editor.saturation")} hueLabel={t("editor.hue")} />
          </Popover.Dropdown>
        </Popover>
      }
    />
  );
}

function Thumb({ src, size = 32 }: { src: string | null | undefined; size?: number }) {
  if (!src) return null;
  return (
    <img
      src={src}
      alt=""
      width={size}
      height={size}
      style={{ objectFit: "contain", border: "1px solid var(--mantine-color-gray-3)", borderRadius: 4, flex: "none" }}
    />
  );
}

/** An image: uploaded, or its address typed; a thumbnail of what is set. */
function ImageField({ field, label }: { field: FieldView; label: string }) {
  const run = useRun();
  const { t } = useTranslation();
  const value = text(field.value);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    setProblem(null);
    try {
      const src = await uploadImage(file);
      const failed = run({ kind: "setField", path: field.pointer, value: src });
      if (failed) setProblem(errorMessage(t, failed));
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setUploading(false);
    }
  };
  return (
    <Stack gap={4}>
      <CommittedInput label={label} path={field.pointer} value={value} description={describe(t, field)} />
      <Group gap="xs">
        <Thumb src={value} />
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

/** A list of words (currencies), typed comma-separated. */
function WordsField({ field, label }: { field: FieldView; label: string }) {
  const run = useRun();
  const { t } = useTranslation();
  const words = Array.isArray(field.value) ? field.value.map(text) : [];
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<ThemeErrorBody | null>(null);
  const commit = () => {
    if (draft === null) return;
    const next = draft
      .split(",")
      .map((w) => w.trim())
      .filter(Boolean);
    const failed = run({ kind: "setField", path: field.pointer, value: next });
    setError(failed);
    if (!failed) setDraft(null);
  };
  return (
    <TextInput
      label={label}
      description={describe(t, field, t("editor.commaSeparated"))}
      value={draft ?? words.join(", ")}
      error={error ? errorMessage(t, error) : undefined}
      onChange={(event) => setDraft(event.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(event) => event.key === "Enter" && commit()}
    />
  );
}

interface PickItem {
  value: string;
  label: string;
  image?: string | null;
}

/** A searchable picker over a paged server list: typing searches (after the core's debounce),
 * each row shows its picture, "Load more" asks for the next page. Nothing is fetched until the
 * list is opened. */
function SearchPicker<T>({
  label,
  description,
  current,
  queryKey,
  fetchPage,
  toItem,
  onPick,
  error,
  testId,
}: {
  label: string;
  description?: string;
  current: PickItem | null;
  queryKey: readonly unknown[];
  fetchPage: (search: string, page: number, signal: AbortSignal) => Promise<PickerPage<T>>;
  toItem: (row: T) => PickItem;
  onPick: (row: T) => void;
  error?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState<string | null>(null);
  const combobox = useCombobox({
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      setSearch(null);
    },
  });
  const [debounced] = useDebouncedValue(search ?? "", editorConstants().searchDebounceMs);
  const query = useInfiniteQuery({
    queryKey: ["editor", ...queryKey, debounced],
    queryFn: ({ pageParam, signal }) => fetchPage(debounced, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, page) => n + page.items.length, 0);
      return last.items.length > 0 && loaded < last.total ? pages.length + 1 : undefined;
    },
    enabled: combobox.dropdownOpened,
  });
  const rows = query.data?.pages.flatMap((page) => page.items) ?? [];
  const items = rows.map(toItem);
  return (
    <Combobox
      store={combobox}
      withinPortal
      onOptionSubmit={(value) => {
        const at = items.findIndex((item) => item.value === value);
        const row = rows[at];
        if (row !== undefined) onPick(row);
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target withExpandedAttribute>
        <InputBase
          label={label}
          description={description}
          error={error}
          data-testid={testId}
          leftSection={search === null && current?.image ? <Thumb src={current.image} size={20} /> : undefined}
          rightSection={<Combobox.Chevron />}
          rightSectionPointerEvents="none"
          value={search ?? current?.label ?? ""}
          placeholder={t("editor.search")}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onClick={() => combobox.openDropdown()}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options mah={280} style={{ overflowY: "auto" }}>
          {items.map((item) => (
            <Combobox.Option value={item.value} key={item.value} active={item.value === current?.value}>
              <Group gap="xs" wrap="nowrap">
                <Thumb src={item.image} size={24} />
                <Text size="sm">{item.label}</Text>
              </Group>
            </Combobox.Option>
          ))}
          {items.length === 0 ? <Combobox.Empty>{query.isFetching ? t("editor.searching") : t("editor.nothingFound")}</Combobox.Empty> : null}
        </Combobox.Options>
        {query.hasNextPage ? (
          <Combobox.Footer>
            <Button
              size="compact-xs"
              variant="subtle"
              fullWidth
              loading={query.isFetchingNextPage}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => void query.fetchNextPage()}
            >
              {t("editor.loadMore")}
            </Button>
          </Combobox.Footer>
        ) : null}
      </Combobox.Dropdown>
    </Combobox>
  );
}

const collectionItem = (c: Collection): PickItem => ({ value: c.handle, label: c.title, image: c.image && pictureAt(c.image, 160) });
const productItem = (p: Product): PickItem => ({ value: p._id, label: p.title, image: p.images[0] && pictureAt(p.images[0].src, 160) });

function CollectionPicker({
  label,
  description,
  current,
  onPick,
  error,
  testId,
}: {
  label: string;
  description?: string;
  current: PickItem | null;
  onPick: (c: Collection) => void;
  error?: string;
  testId?: string;
}) {
  return (
    <SearchPicker
      label={label}
      description={description}
      current={current}
      queryKey={["collections"]}
      fetchPage={searchCollections}
      toItem={collectionItem}
      onPick={onPick}
      error={error}
      testId={testId}
    />
  );
}

/** A collection object (title, handle, image). */
function CollectionField({ field, label }: { field: FieldView; label: string }) {
  const run = useRun();
  const { t } = useTranslation();
  const [error, setError] = useState<ThemeErrorBody | null>(null);
  const value = isObj(field.value) ? field.value : {};
  const handle = text(value.handle);
  const current = handle || value.title ? { value: handle, label: text(value.title) || handle, image: text(value.image) } : null;
  return (
    <CollectionPicker
      label={label}
      description={describe(t, field)}
      current={current}
      error={error ? errorMessage(t, error) : undefined}
      onPick={(c) => setError(run({ kind: "setField", path: field.pointer, value: { ...value, title: c.title, handle: c.handle, image: c.image ?? "" } }))}
    />
  );
}

type LinkChoice = LinkTarget["to"];

/** The slug a link object names (`params.slug`, else `slug`). */
function linkSlug(link: Obj): string {
  const params = isObj(link.params) ? link.params : {};
  return text(params.slug) || text(link.slug);
}

/** Which of the picker's choices a link object is, compared with the core's own link objects. */
function linkChoice(value: Obj): LinkChoice | null {
  const all = linkTo({ to: "allCollections" });
  const home = linkTo({ to: "home" });
  const slug = linkSlug(value);
  if (slug && slug === linkSlug(all)) return "allCollections";
  if (slug && value.parent === all.parent) return "collection";
  if (value.parent === home.parent) return "home";
  return null;
}

/** A link (§3.2): Home, All collections, or a collection picked from the store's; the object
 * written is the core's (`linkTo`). */
function LinkField({ field, label }: { field: FieldView; label: string }) {
  const run = useRun();
  const { t } = useTranslation();
  const [error, setError] = useState<ThemeErrorBody | null>(null);
  // "Collection" chosen, before a collection is picked: nothing is written yet.
  const [picking, setPicking] = useState(false);
  const value = isObj(field.value) ? field.value : {};
  const current = linkChoice(value);
  const shown: LinkChoice | null = picking ? "collection" : current;
  const write = (target: LinkTarget) => {
    const failed = run({ kind: "setField", path: field.pointer, value: linkTo(target) });
    setError(failed);
    if (!failed) setPicking(false);
  };
  const slug = linkSlug(value);
  return (
    <Paper withBorder p="xs">
      <Stack gap={6}>
        <Select
          label={label}
          description={describe(t, field)}
          data={[
            { value: "home", label: t("editor.link.home") },
            { value: "allCollections", label: t("editor.link.allCollections") },
            { value: "collection", label: t("editor.link.collection") },
          ]}
          value={shown}
          allowDeselect={false}
          onChange={(next) => {
            if (next === "home" || next === "allCollections") write({ to: next });
            else if (next === "collection") setPicking(current !== "collection");
          }}
        />
        {shown === "collection" ? (
          <CollectionPicker
            label={t("editor.link.chooseCollection")}
            current={current === "collection" ? { value: slug, label: text(value.name) || slug } : null}
            onPick={(c) => write({ to: "collection", handle: c.handle, title: c.title })}
          />
        ) : null}
        <FieldError error={error} />
      </Stack>
    </Paper>
  );
}

/** A product of the collection the core names (a flash-deal block's), once its link names one. */
function ProductField({ field, label, input }: { field: FieldView; label: string; input: Input<"product"> }) {
  const run = useRun();
  const { t } = useTranslation();
  const [error, setError] = useState<ThemeErrorBody | null>(null);
  if (!input.open) {
    return (
      <Text size="xs" c="dimmed">
        {t("editor.productNeedsCollection")}
      </Text>
    );
  }
  const value = isObj(field.value) ? field.value : null;
  const current = value && value._id ? { value: text(value._id), label: text(value.title) || text(value._id) } : null;
  return (
    <SearchPicker
      label={label}
      description={describe(t, field)}
      current={current}
      queryKey={["products", input.collection]}
      fetchPage={(search, page, signal) => searchProducts(input.collection, search, page, signal)}
      toItem={productItem}
      onPick={(p) => setError(run({ kind: "setField", path: field.pointer, value: { _id: p._id, title: p.title } }))}
      error={error ? errorMessage(t, error) : undefined}
    />
  );
}

/** A handle among the store's menus or published pages. */
function HandleSelect({
  field,
  label,
  options,
  clearable,
}: {
  field: FieldView;
  label: string;
  options: { value: string; label: string }[];
  clearable?: boolean;
}) {
  const run = useRun();
  const { t } = useTranslation();
  const [error, setError] = useState<ThemeErrorBody | null>(null);
  const value = typeof field.value === "string" && field.value ? field.value : null;
  const data = value && !options.some((o) => o.value === value) ? [{ value, label: value }, ...options] : options;
  return (
    <Select
      label={label}
      description={describe(t, field)}
      data={data}
      clearable={clearable}
      value={value}
      error={error ? errorMessage(t, error) : undefined}
      onChange={(next) => setError(run({ kind: "setField", path: field.pointer, value: next ?? (clearable ? null : "") }))}
    />
  );
}

function MenuField({ field, label }: { field: FieldView; label: string }) {
  const menus = useQuery({ queryKey: ["editor", "menus"], queryFn: ({ signal }) => fetchMenus(signal) });
  return <HandleSelect field={field} label={label} options={(menus.data ?? []).map((m) => ({ value: m.handle, label: m.title }))} />;
}

function PageField({ field, label }: { field: FieldView; label: string }) {
  const pages = useQuery({ queryKey: ["editor", "pages"], queryFn: ({ signal }) => publishedPages(signal) });
  return <HandleSelect field={field} label={label} clearable options={(pages.data ?? []).map((p) => ({ value: p.handle, label: p.title }))} />;
}

/** The checkout countdown: days, hours and minutes; the core recomputes `getTime` from now. */
function CountdownField({ value }: { value: Obj }) {
  const run = useRun();
  const { t } = useTranslation();
  const formats = useFormats();
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
              value={drafts[unit] ?? text(value[unit])}
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
        {Number.isFinite(getTime) && getTime > 0 ? t("editor.countdown.ends", { time: formats.date(getTime) }) : ""}
      </Text>
    </Paper>
  );
}

/** A titled box of fields. */
function GroupField({ label, input }: { label: string; input: Input<"group"> }) {
  return (
    <Paper withBorder p="xs">
      <Text size="sm" fw={600} mb={6}>
        {label}
      </Text>
      <Stack gap="xs">
        <PanelFields fields={input.fields} />
      </Stack>
    </Paper>
  );
}

export function itemTypeLabel(t: TFunction, itemType: string): string {
  return t(`editor.itemTypes.${itemType}`, { defaultValue: itemType });
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

/** The copy the core offers into a list (the phones' slides from the desktop's): what the list
 * is for, and a button that asks first, since the copy replaces the list (one undoable edit). */
function CopyIntoList({ copy, onRun }: { copy: CopyOffer; onRun: (error: ThemeErrorBody | null) => void }) {
  const run = useRun();
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconCopy size={14} />}
        disabled={copy.same}
        title={copy.same ? t("editor.copySlides.same") : undefined}
        onClick={() => setAsking(true)}
      >
        {t("editor.copySlides.button")}
      </Button>
      <ConfirmDialog
        opened={asking}
        title={t("editor.copySlides.title")}
        question={t("editor.copySlides.question")}
        confirmLabel={t("editor.copySlides.confirm")}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          onRun(run(copy.command));
        }}
      />
    </>
  );
}

/** A list the list commands edit: its count against its limit, add (one button per way the
 * core offers; disabled at the limit, with the core's message), remove (not the items the core
 * keeps), reorder by dragging or the keyboard, and each item's fields when it opens. */
function ListField({ field, label, input }: { field: FieldView; label: string; input: Input<"list"> }) {
  const run = useRun();
  const { t } = useTranslation();
  const { list, status, items, add, copy } = input;
  const [open, setOpen] = useState<number | null>(null);
  const [error, setError] = useState<ThemeErrorBody | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map((_, i) => `${field.pointer}#${i}`);
  const onDragEnd = (event: DragEndEvent) => {
    const from = ids.indexOf(String(event.active.id));
    const to = event.over ? ids.indexOf(String(event.over.id)) : -1;
    if (from >= 0 && to >= 0 && from !== to) {
      setError(run({ kind: "moveItem", list, from, to }));
      setOpen(null);
    }
  };
  return (
    <Stack gap={6} data-testid={`list-${list.list}`}>
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          {label}
        </Text>
        {status.max !== undefined ? (
          <Badge variant="light" color={status.full ? "orange" : "gray"} data-testid="list-count">
            {status.count}/{status.max}
          </Badge>
        ) : null}
      </Group>
      {copy ? (
        <Text size="xs" c="dimmed">
          {t("editor.copySlides.note")}
        </Text>
      ) : null}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={sortableAccessibility(t, (id) => {
          const index = ids.indexOf(String(id));
          const item = items[index];
          if (!item) return String(id);
          return item.title.trim() || (item.itemType ? itemTypeLabel(t, item.itemType) : null) || t("editor.item", { n: index + 1 });
        })}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          {items.map((item, index) => {
            const type = item.itemType ? itemTypeLabel(t, item.itemType) : null;
            const title = item.title.trim() || type || t("editor.item", { n: index + 1 });
            const expanded = open === index && item.expandable;
            return (
              <SortableRow key={ids[index]} id={ids[index] as string}>
                {(handle) => (
                  <Paper withBorder p={6} data-testid="list-item">
                    <Group gap={4} wrap="nowrap">
                      {handle}
                      <Button
                        variant="subtle"
                        size="compact-sm"
                        color="dark"
                        justify="flex-start"
                        style={{ flex: 1, minWidth: 0 }}
                        styles={{ label: { overflow: "hidden", textOverflow: "ellipsis" } }}
                        disabled={!item.expandable}
                        leftSection={item.expandable ? expanded ? <IconChevronDown size={14} /> : <IconChevronRight size={14} /> : null}
                        onClick={() => setOpen(open === index ? null : index)}
                        aria-expanded={item.expandable ? expanded : undefined}
                      >
                        {title}
                      </Button>
                      {type && type !== title ? (
                        <Text size="xs" c="dimmed" style={{ flex: "none" }}>
                          {type}
                        </Text>
                      ) : null}
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
                    <Collapse expanded={expanded}>
                      {expanded ? (
                        <Stack gap="xs" p="xs">
                          <PanelFields fields={item.fields} />
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
        {add.map((option) => (
          <Button
            key={option.blockType ?? option.label}
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            disabled={Boolean(status.full)}
            onClick={() => setError(run({ kind: "addItem", list, blockType: option.blockType }))}
          >
            {t(`editor.add.${option.label}`, { defaultValue: option.label })}
          </Button>
        ))}
        {copy ? (
          <CopyIntoList
            copy={copy}
            onRun={(refused) => {
              setError(refused);
              setOpen(null);
            }}
          />
        ) : null}
      </Group>
      <FieldError error={error} />
    </Stack>
  );
}

/** One field, drawn by its input's kind; drawn again only when the core's view of it changes
 * (the panel's views are shared between reads, `useShared`). */
const Field = memo(function Field({ field }: { field: FieldView }) {
  const { t } = useTranslation();
  const label = fieldLabel(t, field.label);
  const { input } = field;
  let body: ReactNode;
  switch (input.kind) {
    case "text":
      body = <CommittedInput label={label} path={field.pointer} value={field.value} description={describe(t, field)} />;
      break;
    case "multiline":
      body = <CommittedInput label={label} path={field.pointer} value={field.value} multiline description={describe(t, field)} />;
      break;
    case "number":
      body = <NumberField field={field} label={label} input={input} />;
      break;
    case "richText":
      body = <RichTextInput field={field} label={label} input={input} />;
      break;
    case "color":
      body = <ColorField field={field} label={label} />;
      break;
    case "image":
      body = <ImageField field={field} label={label} />;
      break;
    case "link":
      body = <LinkField field={field} label={label} />;
      break;
    case "collection":
      body = <CollectionField field={field} label={label} />;
      break;
    case "product":
      body = <ProductField field={field} label={label} input={input} />;
      break;
    case "page":
      body = <PageField field={field} label={label} />;
      break;
    case "menu":
      body = <MenuField field={field} label={label} />;
      break;
    case "font":
      body = <FontField label={label} path={field.pointer} value={isObj(field.value) ? field.value : {}} />;
      break;
    case "countdown":
      body = <CountdownField value={isObj(field.value) ? field.value : {}} />;
      break;
    case "flag":
      body = <FlagField field={field} label={label} />;
      break;
    case "choice":
      body = <ChoiceField field={field} label={label} input={input} />;
      break;
    case "words":
      body = <WordsField field={field} label={label} />;
      break;
    case "group":
      body = <GroupField label={label} input={input} />;
      break;
    case "list":
      body = <ListField field={field} label={label} input={input} />;
      break;
  }
  return (
    <div data-testid={`field-${field.pointer}`} data-kind={input.kind} data-stored={field.stored ? "true" : "false"}>
      {body}
      <FieldMark path={field.pointer} />
    </div>
  );
});

/** The fields of a panel (or of a group or list item), in the core's order. */
export const PanelFields = memo(function PanelFields({ fields }: { fields: FieldView[] }) {
  return (
    <>
      {fields.map((field) => (
        <Field key={field.pointer} field={field} />
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

/** The admin links the core puts on a panel. */
export function PanelLinks({ links }: { links: PanelLink[] }) {
  const { t } = useTranslation();
  return (
    <>
      {links.map((link) => {
        if (link === "editMenu") {
          return (
            <RouteLink key={link} to={routePath("website.menus")}>
              {t("editor.editMenu")}
            </RouteLink>
          );
        }
        const widgets = routePath("website.apps.widgets.list");
        return widgets ? (
          <RouteLink key={link} to={widgets}>
            {t("editor.manageWidgets")}
          </RouteLink>
        ) : (
          <Text key={link} size="xs" c="dimmed">
            {t("editor.widgetsElsewhere")}
          </Text>
        );
      })}
    </>
  );
}
