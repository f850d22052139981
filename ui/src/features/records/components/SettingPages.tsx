// The screens of the store's settings that the spec names by route only: the built-in apps and
// the sales channels (switch lists from the core's catalogues), Boost UpSell, Telegram
// notifications and the custom store (forms). Each reads its setting (the defaults until
// saved), keeps what is typed through a refused save, and is checked by the core first.
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  PasswordInput,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { type FormEvent, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type RecordKind, checkRecord, recordChoices, routePath } from "../../../core";
import { translateCore } from "../../../i18n";
import type { AppSwitches } from "../../../types/generated/AppSwitches";
import type { CatalogEntry } from "../../../types/generated/CatalogEntry";
import type { SalesChannels } from "../../../types/generated/SalesChannels";
import type { StorefrontSettings } from "../../../types/generated/StorefrontSettings";
import type { TelegramSettings } from "../../../types/generated/TelegramSettings";
import type { UpsellSettings } from "../../../types/generated/UpsellSettings";
import { UnsavedChanges } from "../../../components/UnsavedChanges";
import { ViewStoreButton } from "../../../components/ViewStoreButton";
import { FormProblems } from "../../../components/records/FormProblems";
import { PAGE_WIDTH } from "../../../components/widths";
import { collections } from "../../collections";
import { useSetting } from "../../../hooks/useSetting";
import { useFormats } from "../../../hooks/useFormats";

/** A setting's form: loads the value once, then the fields belong to the screen; while they
 * differ from the saved setting, the save bar shows and leaving the page asks first. */
function SettingForm<T>({
  kind,
  path,
  title,
  intro,
  children,
}: {
  kind: RecordKind;
  path: string;
  title: string;
  intro?: ReactNode;
  children: (value: T, change: <K extends keyof T>(key: K, value: T[K]) => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const { query, save } = useSetting<T>(kind, path);
  const formats = useFormats();
  const [value, setValue] = useState<T | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const current = value ?? query.data ?? null;
  const dirty = value !== null && JSON.stringify(value) !== JSON.stringify(query.data);
  function change<K extends keyof T>(key: K, next: T[K]) {
    setValue((old) => ({ ...(old ?? (query.data as T)), [key]: next }));
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!current) return;
    const found = checkRecord(kind, current, formats.currency.code);
    setProblems(found);
    if (found.length > 0) return;
    save.mutate(current, {
      onSuccess: () => {
        // The saved setting (the query's data now) is what the fields show.
        setValue(null);
        notifications.show({ color: "green", message: t("manage.saved") });
      },
    });
  }
  return (
    <Stack gap="md" maw={PAGE_WIDTH.form} mx="auto">
      <UnsavedChanges
        dirty={dirty}
        formId={`setting-${kind}`}
        saving={save.isPending}
        onDiscard={() => {
          setValue(null);
          setProblems([]);
        }}
      />
      <Group justify="space-between">
        <Title order={1} fz="h2">
          {title}
        </Title>
        {/* While there are unsaved changes, Save is the save bar's. */}
        {!dirty && (
          <Button type="submit" form={`setting-${kind}`} loading={save.isPending} disabled={!current}>
            {t("manage.save")}
          </Button>
        )}
      </Group>
      {intro}
      <FormProblems problems={problems} saveError={save.error} loadError={query.error} />
      <Paper withBorder radius="md" p="lg" component="form" id={`setting-${kind}`} onSubmit={submit} noValidate aria-busy={!current}>
        {current ? (
          <Stack gap="md">{children(current, change)}</Stack>
        ) : (
          <Stack gap="md">
            <Skeleton height={36} />
            <Skeleton height={36} />
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}

function pathOf(name: string | null | undefined): string | null {
  return name ? routePath(name) : null;
}

/** A catalogue of switchable entries (apps, sales channels) saved as the list of keys on. */
function SwitchList({ entries, enabled, onToggle }: { entries: CatalogEntry[]; enabled: string[]; onToggle: (key: string, on: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {entries.map((entry) => {
        const on = entry.alwaysOn || enabled.includes(entry.key);
        const to = pathOf(entry.route);
        return (
          <Card key={entry.key} withBorder radius="md" padding="md">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={4}>
                <Group gap="xs">
                  <Text fw={700}>{entry.name}</Text>
                  <Badge variant="light" color={on ? "green" : "gray"}>
                    {on ? t("records.switches.on") : t("records.switches.off")}
                  </Badge>
                </Group>
                <Text size="sm" c="dimmed">
                  {translateCore(`entry.${entry.key}`, entry.description)}
                </Text>
                {to && on && (
                  <Anchor component={Link} to={to} size="sm">
                    {t("records.switches.open")}
                  </Anchor>
                )}
              </Stack>
              <Switch aria-label={entry.name} checked={on} disabled={entry.alwaysOn} onChange={(event) => onToggle(entry.key, event.currentTarget.checked)} />
            </Group>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}

function toggled(list: string[], key: string, on: boolean): string[] {
  return on ? [...list.filter((k) => k !== key), key] : list.filter((k) => k !== key);
}

export function AppsPage() {
  const { t } = useTranslation();
  return (
    <SettingForm<AppSwitches>
      kind="apps"
      path="/stores/apps/switches"
      title={t("records.apps.title")}
      intro={<Text c="dimmed">{t("records.apps.intro")}</Text>}
    >
      {(value, change) => (
        <SwitchList entries={recordChoices.apps} enabled={value.enabled} onToggle={(key, on) => change("enabled", toggled(value.enabled, key, on))} />
      )}
    </SettingForm>
  );
}

export function SalesChannelsPage() {
  const { t } = useTranslation();
  return (
    <SettingForm<SalesChannels>
      kind="sales-channels"
      path="/stores/sales-channels"
      title={t("records.salesChannels.title")}
      intro={<Text c="dimmed">{t("records.salesChannels.intro")}</Text>}
    >
      {(value, change) => (
        <SwitchList entries={recordChoices.salesChannels} enabled={value.enabled} onToggle={(key, on) => change("enabled", toggled(value.enabled, key, on))} />
      )}
    </SettingForm>
  );
}

export function UpsellPage() {
  const { t } = useTranslation();
  const list = collections.useList({ page: 1, limit: 250 });
  const choices = (list.data?.rows ?? []).map((c) => ({ value: c.id, label: c.title }));
  return (
    <SettingForm<UpsellSettings>
      kind="upsell"
      path="/stores/apps/boost-upsell"
      title={t("records.upsell.title")}
      intro={<Text c="dimmed">{t("records.upsell.intro")}</Text>}
    >
      {(value, change) => (
        <>
          <Switch label={t("records.upsell.enabled")} checked={value.enabled} onChange={(e) => change("enabled", e.currentTarget.checked)} />
          <TextInput label={t("records.upsell.heading")} required value={value.heading} onChange={(e) => change("heading", e.currentTarget.value)} />
          <Select
            label={t("records.upsell.placement")}
            data={recordChoices.upsellPlacements.map((p) => ({ value: p, label: t(`records.upsell.placements.${p}`) }))}
            value={value.placement}
            onChange={(p) => p && change("placement", p)}
            allowDeselect={false}
          />
          <Select
            label={t("records.upsell.collection")}
            placeholder={t("records.catalogs.allProducts")}
            clearable
            searchable
            data={choices}
            value={value.collectionId ?? null}
            onChange={(id) => change("collectionId", id ?? undefined)}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label={t("records.upsell.discount")}
              suffix=" %"
              min={0}
              allowDecimal={false}
              value={value.discountPercent}
              onChange={(n) => change("discountPercent", Number(n) || 0)}
            />
            <NumberInput
              label={t("records.upsell.maxOffers")}
              min={1}
              allowDecimal={false}
              value={value.maxOffers}
              onChange={(n) => change("maxOffers", Number(n) || 0)}
            />
          </SimpleGrid>
        </>
      )}
    </SettingForm>
  );
}

export function TelegramPage() {
  const { t } = useTranslation();
  return (
    <SettingForm<TelegramSettings>
      kind="telegram"
      path="/stores/settings/telegram"
      title={t("records.telegram.title")}
      intro={<Text c="dimmed">{t("records.telegram.intro")}</Text>}
    >
      {(value, change) => (
        <>
          <Switch label={t("records.telegram.enabled")} checked={value.enabled} onChange={(e) => change("enabled", e.currentTarget.checked)} />
          <TextInput
            label={t("records.telegram.chatId")}
            description={t("records.telegram.chatIdHint")}
            value={value.chatId}
            onChange={(e) => change("chatId", e.currentTarget.value.trim())}
          />
          <Switch label={t("records.telegram.orders")} checked={value.notifyOrders} onChange={(e) => change("notifyOrders", e.currentTarget.checked)} />
          <Switch label={t("records.telegram.payouts")} checked={value.notifyPayouts} onChange={(e) => change("notifyPayouts", e.currentTarget.checked)} />
        </>
      )}
    </SettingForm>
  );
}

export function CustomStorePage() {
  const { t } = useTranslation();
  const themes = routePath("website.settings.themes");
  return (
    <SettingForm<StorefrontSettings>
      kind="storefront"
      path="/stores/onlinestore/custom-store"
      title={t("records.customStore.title")}
      intro={
        <Group gap="sm">
          <ViewStoreButton label={t("records.customStore.view")} />
          {themes && (
            <Button component={Link} to={themes} variant="default">
              {t("records.customStore.themes")}
            </Button>
          )}
        </Group>
      }
    >
      {(value, change) => (
        <>
          <Switch
            label={t("records.customStore.passwordProtected")}
            description={t("records.customStore.passwordHint")}
            checked={value.passwordProtected}
            onChange={(e) => change("passwordProtected", e.currentTarget.checked)}
          />
          {value.passwordProtected && (
            <PasswordInput label={t("records.customStore.password")} value={value.password} onChange={(e) => change("password", e.currentTarget.value)} />
          )}
          <TextInput label={t("records.customStore.announcement")} value={value.announcement} onChange={(e) => change("announcement", e.currentTarget.value)} />
          <TextInput label={t("records.customStore.seoTitle")} value={value.seoTitle} onChange={(e) => change("seoTitle", e.currentTarget.value)} />
          <Textarea
            label={t("records.customStore.seoDescription")}
            autosize
            minRows={3}
            value={value.seoDescription}
            onChange={(e) => change("seoDescription", e.currentTarget.value)}
          />
        </>
      )}
    </SettingForm>
  );
}
