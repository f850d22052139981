// Stores (website.stores): the stores the user owns or works in, a page at a time by lastId
// (as on the shop choice page); switching opens a store's dashboard the same way, and a new
// store, checked by the core's store-name rule, joins the list ready to switch to. A name whose
// address the platform keeps (admin, www, ...) is told the address the store gets instead.
import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { type FieldError, reservedSubdomainOf, subdomainFor } from "../../../core";
import { translateCore } from "../../../i18n";
import { errorText } from "../../../lib/errors";
import type { StoreSummary } from "../../../types/generated/StoreSummary";
import { useStores } from "../../../hooks/useStores";
import { useSession } from "../../../app/session";
import { useCreateStore } from "../api/account";
import { checkStoreName } from "../utils/checks";
import { FormCard } from "./FormCard";
import { notifySaved } from "../../../lib/notifySaved";
import { PAGE_WIDTH } from "../../../components/widths";

function CreateStore({ onCreated }: { onCreated: (store: StoreSummary) => void }) {
  const { t } = useTranslation();
  const create = useCreateStore();
  const [name, setName] = useState("");
  const [problem, setProblem] = useState<FieldError | null>(null);
  const reserved = reservedSubdomainOf(name);
  function submit() {
    const found = checkStoreName(name);
    setProblem(found);
    if (found) return;
    create.mutate(
      { storeName: name.trim() },
      {
        onSuccess: (store) => {
          setName("");
          notifySaved(t("account.stores.created", { name: store.name }));
          onCreated(store);
        },
      },
    );
  }
  return (
    <FormCard
      title={t("account.stores.create")}
      description={t("account.stores.createHint")}
      error={create.error}
      saving={create.isPending}
      submitLabel={t("account.stores.createSubmit")}
      onSubmit={submit}
    >
      <TextInput
        label={t("account.stores.name")}
        value={name}
        description={reserved ? t("account.stores.reservedAddress", { reserved, given: subdomainFor(name) }) : undefined}
        error={problem ? translateCore(problem.code, problem.message, { limit: problem.limit }) : undefined}
        onChange={(event) => setName(event.currentTarget.value)}
      />
    </FormCard>
  );
}

function StoreRow({ store, current, fresh, onSwitch }: { store: StoreSummary; current: boolean; fresh: boolean; onSwitch: () => void }) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" wrap="wrap" gap="sm" p="md" style={{ borderTop: "1px solid var(--mantine-color-gray-2)" }}>
      <div style={{ minWidth: 0, flex: "1 1 200px" }}>
        <Group gap="xs">
          <Text fw={700}>{store.name}</Text>
          <Badge variant="light" color={store.isOwner ? "indigo" : "gray"}>
            {store.isOwner ? t("auth.shop.owner") : t("auth.shop.staff")}
          </Badge>
          {fresh && (
            <Badge variant="light" color="green">
              {t("account.stores.new")}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
          {store.rDomain}
        </Text>
      </div>
      {current ? (
        <Badge size="lg" variant="outline">
          {t("account.stores.current")}
        </Badge>
      ) : (
        <Button variant="light" onClick={onSwitch} aria-label={t("account.stores.switchTo", { name: store.name })}>
          {t("account.stores.switch")}
        </Button>
      )}
    </Group>
  );
}

export function StoresPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const stores = useStores();
  const currentId = useSession((state) => state.storeId);
  const chooseStore = useSession((state) => state.chooseStore);
  const [fresh, setFresh] = useState<StoreSummary | null>(null);
  const loaded = stores.data?.pages.flatMap((page) => page.stores) ?? [];
  // A new store sits where its id falls, maybe on a page not loaded yet: it shows first then.
  const all = fresh && !loaded.some((store) => store.id === fresh.id) ? [fresh, ...loaded] : loaded;

  function switchTo(store: StoreSummary) {
    chooseStore({ storeId: store.id, storeName: store.name, storeDomain: store.storeDomain, rDomain: store.rDomain });
    void navigate("/");
  }

  return (
    <Stack gap="md" maw={PAGE_WIDTH.form} mx="auto">
      <div>
        <Title order={1} fz="h2">
          {t("account.stores.title")}
        </Title>
        <Text c="dimmed">{t("account.stores.subtitle")}</Text>
      </div>
      <Paper withBorder radius="md" component="section" aria-label={t("account.stores.list")}>
        <Text fw={700} p="md">
          {t("account.stores.list")}
        </Text>
        {stores.isError ? (
          <Alert color="red" m="md" title={t("account.loadFailed")}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{errorText(stores.error)}</Text>
              <Button size="xs" variant="light" onClick={() => void stores.refetch()}>
                {t("account.retry")}
              </Button>
            </Stack>
          </Alert>
        ) : stores.isPending ? (
          <Stack gap="sm" p="md" aria-busy="true">
            <Skeleton height={48} />
            <Skeleton height={48} />
          </Stack>
        ) : all.length === 0 ? (
          <Text c="dimmed" p="md">
            {t("account.stores.empty")}
          </Text>
        ) : (
          <ul style={{ listStyle: "none", padding: 0, margin: 0 }}>
            {all.map((store) => (
              <li key={store.id}>
                <StoreRow store={store} current={store.id === currentId} fresh={store.id === fresh?.id} onSwitch={() => switchTo(store)} />
              </li>
            ))}
          </ul>
        )}
        {stores.hasNextPage && (
          <Group justify="center" p="md">
            <Button variant="subtle" loading={stores.isFetchingNextPage} onClick={() => void stores.fetchNextPage()}>
              {t("auth.shop.loadMore")}
            </Button>
          </Group>
        )}
      </Paper>
      <CreateStore onCreated={setFresh} />
    </Stack>
  );
}
