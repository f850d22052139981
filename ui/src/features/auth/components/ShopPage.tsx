// /auth/shop: the user's shops, a page at a time; choosing one checks the store's survey
// (shell.md §4: an answer other than 200 leads to the survey when the store's name is known,
// otherwise to login), then opens the page to return to or the dashboard.
import { Alert, Badge, Button, Group, Loader, Skeleton, Stack, Text, UnstyledButton } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useLocation, useNavigate, useSearchParams } from "react-router";
import { AuthLayout } from "../../../components/AuthLayout";
import { ApiError, api } from "../../../lib/api";
import { errorText } from "../../../lib/errors";
import type { StoreSummary } from "../../../types/generated/StoreSummary";
import { useStores } from "../../../hooks/useStores";
import { destination } from "../utils/onward";
import { type ShopNotice, useSession } from "../../../app/session";

function ShopButton({ store, onChoose, checking, disabled }: { store: StoreSummary; onChoose: () => void; checking: boolean; disabled: boolean }) {
  const { t } = useTranslation();
  return (
    <UnstyledButton
      onClick={onChoose}
      disabled={disabled}
      aria-busy={checking}
      w="100%"
      p="md"
      style={{ border: "1px solid var(--mantine-color-gray-3)", borderRadius: "var(--mantine-radius-md)" }}
    >
      <Group justify="space-between" wrap="nowrap">
        <div>
          <Text fw={600}>{store.name}</Text>
          <Text size="sm" c="dimmed">
            {store.rDomain}
          </Text>
        </div>
        {checking ? (
          <Loader size="sm" aria-label={t("session.survey.checking")} />
        ) : (
          <Badge variant="light" color={store.isOwner ? "indigo" : "gray"}>
            {store.isOwner ? t("auth.shop.owner") : t("auth.shop.staff")}
          </Badge>
        )}
      </Group>
    </UnstyledButton>
  );
}

export function ShopPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const accessToken = useSession((state) => state.accessToken);
  const chooseStore = useSession((state) => state.chooseStore);
  const logout = useSession((state) => state.logout);
  const stores = useStores();
  const [params] = useSearchParams();
  const notice = (useLocation().state ?? null) as ShopNotice | null;
  const [checking, setChecking] = useState<string | null>(null);
  const [checkError, setCheckError] = useState<unknown>(null);

  if (!accessToken) return <Navigate to="/auth/login" replace />;

  const all = stores.data?.pages.flatMap((page) => page.stores) ?? [];

  async function choose(store: StoreSummary) {
    chooseStore({
      storeId: store.id,
      storeName: store.name,
      storeDomain: store.storeDomain,
      rDomain: store.rDomain,
    });
    setChecking(store.id);
    setCheckError(null);
    try {
      await api("/stores/survey");
      void navigate(destination(params));
    } catch (error) {
      // No answer at all (offline): say so, and let the user choose again.
      if (error instanceof ApiError && error.status === 0) {
        setCheckError(error);
        return;
      }
      // A 401 has ended the session already (the API client went to login).
      if (error instanceof ApiError && error.status === 401) return;
      const survey = new URLSearchParams({ storeId: store.id, defaultSystemDomain: store.storeDomain });
      if (params.get("register")) survey.set("register", "1");
      const next = params.get("next");
      if (next) survey.set("next", next);
      void navigate(store.name ? `/auth/survey?${survey.toString()}` : "/auth/login");
    } finally {
      setChecking(null);
    }
  }

  return (
    <AuthLayout title={t("auth.shop.title")} subtitle={t("auth.shop.subtitle")}>
      {notice?.lostStore && (
        <Alert color="orange" title={t("session.lostStoreTitle")}>
          {t("session.lostStore", { store: notice.lostStore })}
        </Alert>
      )}
      {checkError !== null && (
        <Alert color="red" title={t("session.survey.checkFailed")}>
          {errorText(checkError)}
        </Alert>
      )}
      {stores.isPending && (
        <Stack gap="sm" aria-busy="true">
          <Skeleton height={64} radius="md" />
          <Skeleton height={64} radius="md" />
        </Stack>
      )}
      {stores.isError && (
        <Alert color="red" title={t("auth.shop.failed")}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorText(stores.error)}</Text>
            <Button size="xs" variant="light" onClick={() => void stores.refetch()}>
              {t("auth.shop.retry")}
            </Button>
          </Stack>
        </Alert>
      )}
      {stores.isSuccess && all.length === 0 && <Text c="dimmed">{t("auth.shop.empty")}</Text>}
      {all.length > 0 && (
        <Stack gap="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {all.map((store) => (
            <li key={store.id}>
              <ShopButton store={store} onChoose={() => void choose(store)} checking={checking === store.id} disabled={checking !== null} />
            </li>
          ))}
        </Stack>
      )}
      {stores.hasNextPage && (
        <Button variant="subtle" loading={stores.isFetchingNextPage} onClick={() => void stores.fetchNextPage()}>
          {t("auth.shop.loadMore")}
        </Button>
      )}
      <Button variant="default" onClick={logout}>
        {t("auth.shop.signOut")}
      </Button>
    </AuthLayout>
  );
}
