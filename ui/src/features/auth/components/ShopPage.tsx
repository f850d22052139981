// /auth/shop: the user's shops, a page at a time; choosing one opens its dashboard.
import { Alert, Badge, Button, Group, Skeleton, Stack, Text, UnstyledButton } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Navigate, useNavigate } from "react-router";
import { AuthLayout } from "../../../components/AuthLayout";
import { errorText } from "../../../lib/errors";
import type { StoreSummary } from "../../../types/generated/StoreSummary";
import { useStores } from "../api/useStores";
import { useSession } from "../store/session";

function ShopButton({ store, onChoose }: { store: StoreSummary; onChoose: () => void }) {
  const { t } = useTranslation();
  return (
    <UnstyledButton
      onClick={onChoose}
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
        <Badge variant="light" color={store.isOwner ? "indigo" : "gray"}>
          {store.isOwner ? t("auth.shop.owner") : t("auth.shop.staff")}
        </Badge>
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

  if (!accessToken) return <Navigate to="/auth/login" replace />;

  const all = stores.data?.pages.flatMap((page) => page.stores) ?? [];

  function choose(store: StoreSummary) {
    chooseStore({
      storeId: store.id,
      storeName: store.name,
      storeDomain: store.storeDomain,
      rDomain: store.rDomain,
    });
    void navigate("/");
  }

  return (
    <AuthLayout title={t("auth.shop.title")} subtitle={t("auth.shop.subtitle")}>
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
              <ShopButton store={store} onChoose={() => choose(store)} />
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
