// A personalized product's set-up: its name, the product it personalizes, and the layers a
// shopper fills in (text in one of the store's fonts, or an image), in the form pattern. The
// server checks the set-up; its messages show above the fields, which keep what was typed.
import { ActionIcon, Button, Group, NumberInput, Paper, Select, SegmentedControl, Stack, Switch, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconArrowDown, IconArrowUp, IconPhoto, IconTextSize, IconTrash } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { shellConstants } from "../../../core";
import type { Personalize } from "../../../types/generated/Personalize";
import { FormPage } from "../../../components/records/FormPage";
import { products } from "../../products";
import { useRecordForm } from "../../../components/records/useRecordForm";
import { personalizes, useFonts } from "../api/account";
import { type Layer, type LayerKind, newLayer, readLayer, writeLayer } from "../utils/layers";
import { NotForDropship } from "./NotForDropship";
import { PERSONALIZED_BASE } from "./PersonalizedPage";
import { notifySaved } from "../../../lib/notifySaved";

interface SetupInput {
  name: string;
  productId: string;
  layers: Layer[];
}

const EMPTY: SetupInput = { name: "", productId: "", layers: [] };

function toInput(record: Personalize): SetupInput {
  return { name: record.name, productId: record.productId, layers: record.layers.map(readLayer) };
}

/** The product to personalize, searched on the server. */
function ProductField({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  const [settled] = useDebouncedValue(search, shellConstants.searchDebounceMs);
  const found = products.useList({ page: 1, limit: 20, search: settled.trim() });
  const chosen = products.useOne(value || undefined);
  const options = new Map<string, string>();
  if (chosen.data) options.set(chosen.data.id, chosen.data.title);
  for (const product of found.data?.rows ?? []) options.set(product.id, product.title);
  return (
    <Select
      label={t("account.personalized.product")}
      description={t("account.personalized.productHint")}
      placeholder={t("account.personalized.productSearch")}
      required
      searchable
      clearable
      nothingFoundMessage={found.isFetching ? t("account.personalized.searching") : t("account.personalized.noProduct")}
      data={[...options].map(([id, title]) => ({ value: id, label: title }))}
      // The server searched already.
      filter={({ options: all }) => all}
      value={value || null}
      onChange={(id) => onChange(id ?? "")}
      searchValue={search}
      onSearchChange={setSearch}
    />
  );
}

function LayerCard({
  layer,
  index,
  count,
  fonts,
  onChange,
  onMove,
  onRemove,
}: {
  layer: Layer;
  index: number;
  count: number;
  fonts: { value: string; label: string }[];
  onChange: (layer: Layer) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const title = t("account.personalized.layerN", { n: index + 1 });
  return (
    <Paper withBorder radius="md" p="md" component="fieldset" aria-label={title} style={{ margin: 0 }}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700} component="legend" style={{ padding: 0 }}>
            {title}
          </Text>
          <Group gap={4} wrap="nowrap">
            <ActionIcon variant="subtle" disabled={index === 0} onClick={() => onMove(-1)} aria-label={t("account.personalized.moveUp", { n: index + 1 })}>
              <IconArrowUp size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              disabled={index === count - 1}
              onClick={() => onMove(1)}
              aria-label={t("account.personalized.moveDown", { n: index + 1 })}
            >
              <IconArrowDown size={16} />
            </ActionIcon>
            <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={t("account.personalized.removeLayer", { n: index + 1 })}>
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        </Group>
        <SegmentedControl
          aria-label={t("account.personalized.layerKind")}
          value={layer.kind}
          onChange={(kind) => onChange({ ...layer, kind: kind as LayerKind })}
          data={[
            { value: "text", label: t("account.personalized.text") },
            { value: "image", label: t("account.personalized.image") },
          ]}
        />
        <TextInput
          label={t("account.personalized.layerLabel")}
          description={t("account.personalized.layerLabelHint")}
          value={layer.label}
          onChange={(event) => onChange({ ...layer, label: event.currentTarget.value })}
        />
        {layer.kind === "text" && (
          <Group grow wrap="wrap" align="flex-start">
            <Select
              label={t("account.personalized.font")}
              placeholder={t("account.personalized.defaultFont")}
              clearable
              data={fonts}
              value={layer.font || null}
              onChange={(font) => onChange({ ...layer, font: font ?? "" })}
              miw={180}
            />
            <NumberInput
              label={t("account.personalized.maxLength")}
              description={t("account.personalized.maxLengthHint")}
              min={0}
              max={500}
              allowDecimal={false}
              value={layer.maxLength}
              onChange={(value) => onChange({ ...layer, maxLength: typeof value === "number" ? value : 0 })}
              miw={180}
            />
          </Group>
        )}
        <Switch
          label={t("account.personalized.required")}
          checked={layer.required}
          onChange={(event) => onChange({ ...layer, required: event.currentTarget.checked })}
        />
      </Stack>
    </Paper>
  );
}

function SetupForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams();
  const record = personalizes.useOne(id);
  const save = personalizes.useSave(id);
  const remove = personalizes.useRemove(id);
  const fonts = useFonts();
  // A new set-up opened from a product's form starts on that product.
  const [params] = useSearchParams();
  const product = params.get("product") ?? "";
  const empty = useMemo(() => ({ ...EMPTY, productId: product }), [product]);
  // The server holds the rules of a set-up; nothing is refused before it answers.
  const form = useRecordForm({ id, record: record.data, toInput, empty, check: () => [] });
  const { input, change } = form;
  // Layers name their font; a font removed since still shows as the layer's choice.
  const fontNames = new Set((fonts.data ?? []).map((font) => font.name));
  for (const layer of input.layers) if (layer.font) fontNames.add(layer.font);
  const fontChoices = [...fontNames].map((name) => ({ value: name, label: name }));

  function setLayer(index: number, layer: Layer) {
    change(
      "layers",
      input.layers.map((current, at) => (at === index ? layer : current)),
    );
  }
  function moveLayer(index: number, by: -1 | 1) {
    const layers = [...input.layers];
    const [moved] = layers.splice(index, 1);
    if (moved) layers.splice(index + by, 0, moved);
    change("layers", layers);
  }
  function addLayer(kind: LayerKind) {
    change("layers", [...input.layers, newLayer(kind)]);
  }

  function submit() {
    form.submit((value) =>
      save.mutate(
        { name: value.name, productId: value.productId, layers: value.layers.map(writeLayer) },
        {
          onSuccess: (saved) => {
            form.markSaved(value);
            notifySaved(t("manage.saved"));
            if (!id) void navigate(`${PERSONALIZED_BASE}/${saved.id}`, { replace: true });
          },
        },
      ),
    );
  }

  return (
    <FormPage
      back={{ to: PERSONALIZED_BASE, label: t("account.personalized.title") }}
      title={id ? (record.data?.name ?? t("account.personalized.edit")) : t("account.personalized.add")}
      loading={form.loading && !record.isError}
      dirty={form.dirty}
      onDiscard={form.discard}
      problems={form.problems}
      error={save.error ?? remove.error ?? record.error}
      saving={save.isPending}
      onSubmit={submit}
      onDelete={
        id
          ? () =>
              remove.mutate(undefined, {
                onSuccess: () => {
                  notifySaved(t("manage.deleted"));
                  void navigate(PERSONALIZED_BASE, { replace: true });
                },
              })
          : undefined
      }
      deleting={remove.isPending}
    >
      <TextInput
        label={t("account.personalized.name")}
        description={t("account.personalized.nameHint")}
        required
        value={input.name}
        onChange={(event) => change("name", event.currentTarget.value)}
      />
      <ProductField value={input.productId} onChange={(productId) => change("productId", productId)} />
      <Stack gap="sm">
        <Text fw={600} size="sm">
          {t("account.personalized.layers")}
        </Text>
        {input.layers.length === 0 && (
          <Text size="sm" c="dimmed">
            {t("account.personalized.noLayers")}
          </Text>
        )}
        {input.layers.map((layer, index) => (
          <LayerCard
            // Layers have no id of their own; the position is theirs while the form is open.
            key={index}
            layer={layer}
            index={index}
            count={input.layers.length}
            fonts={fontChoices}
            onChange={(next) => setLayer(index, next)}
            onMove={(by) => moveLayer(index, by)}
            onRemove={() =>
              change(
                "layers",
                input.layers.filter((_, at) => at !== index),
              )
            }
          />
        ))}
        <Group gap="xs">
          <Button variant="default" leftSection={<IconTextSize size={16} />} onClick={() => addLayer("text")}>
            {t("account.personalized.addText")}
          </Button>
          <Button variant="default" leftSection={<IconPhoto size={16} />} onClick={() => addLayer("image")}>
            {t("account.personalized.addImage")}
          </Button>
        </Group>
      </Stack>
    </FormPage>
  );
}

export function PersonalizedFormPage() {
  return (
    <NotForDropship>
      <SetupForm />
    </NotForDropship>
  );
}
