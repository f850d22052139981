// Share pixel (website.pixel.sharePixel): the store's tracking pixel ids (Meta, TikTok, Google),
// in the form pattern and checked by the core, and the other stores of the same owner the
// pixels are shared with: listed, added, removed (after a confirmation).
import { Button, Group, Select, Stack, Table, Text, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { RowsSkeleton } from "../../../components/Skeletons";
import { type PixelIds, checkPixels } from "../../../core";
import { errorText } from "../../../lib/errors";
import type { PixelSettings } from "../../../types/generated/PixelSettings";
import type { PixelStore } from "../../../types/generated/PixelStore";
import { ConfirmDialog } from "../../../components/records/ConfirmDialog";
import { Section } from "../../../components/records/DetailPage";
import { FormPage } from "../../../components/records/FormPage";
import { useRecordForm } from "../../../components/records/useRecordForm";
import { usePixel, useSavePixel, useSharePixel, useUnsharePixel } from "../api/reports";
import { problemText } from "../utils/problems";
import { PAGE_WIDTH } from "../../../components/widths";

const ID = "pixel";
const KINDS = ["facebook", "tiktok", "google"] as const;
type PixelInput = Record<(typeof KINDS)[number], string>;
const EMPTY: PixelInput = { facebook: "", tiktok: "", google: "" };

function toInput(settings: PixelSettings): PixelInput {
  return { facebook: settings.pixels.facebook ?? "", tiktok: settings.pixels.tiktok ?? "", google: settings.pixels.google ?? "" };
}

function toIds(input: PixelInput): PixelIds {
  return { facebook: input.facebook.trim() || undefined, tiktok: input.tiktok.trim() || undefined, google: input.google.trim() || undefined };
}

function Sharing({ settings }: { settings: PixelSettings | undefined }) {
  const { t } = useTranslation();
  const share = useSharePixel();
  const unshare = useUnsharePixel();
  const [chosen, setChosen] = useState<string | null>(null);
  const [removing, setRemoving] = useState<PixelStore | null>(null);
  if (!settings) return <RowsSkeleton rows={2} columns={2} />;
  const error = share.error ?? unshare.error;
  return (
    <Stack gap="sm">
      {settings.sharedWith.length === 0 ? (
        <Text c="dimmed">{t("reports.pixel.notShared")}</Text>
      ) : (
        <Table verticalSpacing="xs" aria-label={t("reports.pixel.sharedWith")}>
          <Table.Tbody>
            {settings.sharedWith.map((store) => (
              <Table.Tr key={store.storeId}>
                <Table.Td>
                  <Text fw={600}>{store.name}</Text>
                  <Text size="xs" c="dimmed">
                    {store.subdomain}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    onClick={() => setRemoving(store)}
                    aria-label={t("reports.pixel.removeFrom", { name: store.name })}
                  >
                    {t("reports.pixel.remove")}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {settings.candidates.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("reports.pixel.noCandidates")}
        </Text>
      ) : (
        <Group
          align="flex-end"
          component="form"
          onSubmit={(event) => {
            event.preventDefault();
            if (!chosen) return;
            share.mutate(chosen, {
              onSuccess: () => {
                notifications.show({ color: "green", message: t("reports.pixel.shared") });
                setChosen(null);
              },
            });
          }}
        >
          <Select
            label={t("reports.pixel.shareWith")}
            placeholder={t("reports.pixel.chooseStore")}
            data={settings.candidates.map((store) => ({ value: store.storeId, label: `${store.name} (${store.subdomain})` }))}
            value={chosen}
            onChange={setChosen}
            w={320}
          />
          <Button type="submit" disabled={!chosen} loading={share.isPending}>
            {t("reports.pixel.share")}
          </Button>
        </Group>
      )}
      {error && (
        <Text c="red" size="sm" role="alert">
          {errorText(error)}
        </Text>
      )}
      <ConfirmDialog
        opened={removing !== null}
        question={removing ? t("reports.pixel.removeQuestion", { name: removing.name }) : undefined}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) unshare.mutate(removing.storeId);
          setRemoving(null);
        }}
      />
    </Stack>
  );
}

export function PixelPage() {
  const { t } = useTranslation();
  const record = usePixel();
  const save = useSavePixel();
  const form = useRecordForm<PixelSettings, PixelInput>({
    id: ID,
    record: record.data,
    toInput,
    empty: EMPTY,
    check: (input) => checkPixels(toIds(input)).map((problem) => problemText(problem) ?? problem.message),
  });
  function submit() {
    form.submit((input) =>
      save.mutate(toIds(input), {
        onSuccess: () => {
          form.markSaved(input);
          notifications.show({ color: "green", message: t("reports.pixel.saved") });
        },
      }),
    );
  }
  return (
    <Stack gap="md">
      <FormPage
        back={{ to: "/", label: t("reports.pixel.back") }}
        title={t("reports.pixel.title")}
        dirty={form.dirty}
        onDiscard={form.discard}
        loading={form.loading && !record.isError}
        problems={form.problems}
        error={save.error ?? record.error}
        saving={save.isPending}
        onSubmit={submit}
      >
        <Text size="sm" c="dimmed">
          {t("reports.pixel.hint")}
        </Text>
        {KINDS.map((kind) => (
          <TextInput
            key={kind}
            label={t(`reports.pixel.kinds.${kind}`)}
            description={t(`reports.pixel.formats.${kind}`)}
            value={form.input[kind]}
            onChange={(event) => form.change(kind, event.currentTarget.value)}
            autoComplete="off"
          />
        ))}
      </FormPage>
      <Stack maw={PAGE_WIDTH.form} mx="auto" w="100%">
        <Section title={t("reports.pixel.sharing")}>
          <Text size="sm" c="dimmed" mb="sm">
            {t("reports.pixel.sharingHint")}
          </Text>
          <Sharing settings={record.data} />
        </Section>
      </Stack>
    </Stack>
  );
}
