// The collections a saved menu links to (GET /stores/onlinestore/menus/collections/{id}), each
// taken out at once (DELETE .../menus/{menuId}/collections/{collectionId}), and a collection
// added as a new link at the end (POST, the same path). These change the saved menu, so they
// wait while the form has unsaved changes; the form then shows the menu as saved.
import { Alert, Badge, Button, CloseButton, Group, Loader, Paper, Select, Stack, Text } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../lib/api";
import { errorText } from "../../../lib/errors";
import { useSession } from "../../../app/session";
import type { Collection } from "../../../types/generated/Collection";
import type { NavigationMenu } from "../../../types/generated/NavigationMenu";

const MENUS = "/stores/onlinestore/menus";

export function MenuCollections({ menuId, unsaved, onChanged }: { menuId: string; unsaved: boolean; onChanged: (menu: NavigationMenu) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const storeId = useSession((state) => state.storeId);
  const key = ["menus", storeId, "collections", menuId];
  const linked = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api<Collection[]>(`${MENUS}/collections/${encodeURIComponent(menuId)}`, { signal }),
    enabled: Boolean(storeId),
  });
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 250);
  const choices = useQuery({
    queryKey: ["menus", "targets", storeId, "category", debounced],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ limit: "20" });
      if (debounced.trim()) query.set("search", debounced.trim());
      return api<{ collections: Collection[] }>(`/stores/collections?${query}`, { signal }).then((list) => list.collections);
    },
    enabled: Boolean(storeId),
    retry: false,
  });
  const [picked, setPicked] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: ({ collection, method }: { collection: Collection; method: "POST" | "DELETE" }) =>
      api<NavigationMenu>(`${MENUS}/${encodeURIComponent(menuId)}/collections/${encodeURIComponent(collection.id)}`, { method }),
    onSuccess: (menu, { collection, method }) => {
      client.setQueryData(["menus", storeId, "one", menuId], menu);
      void client.invalidateQueries({ queryKey: key });
      void client.invalidateQueries({ queryKey: ["menus", storeId, "list"] });
      onChanged(menu);
      setPicked(null);
      notifications.show({
        color: "green",
        message: t(method === "POST" ? "library.menus.collectionAdded" : "library.menus.collectionRemoved", { name: collection.title }),
      });
    },
    onError: (error) => notifications.show({ color: "red", message: errorText(error) }),
  });
  const linkedIds = new Set((linked.data ?? []).map((collection) => collection.id));
  const options = (choices.data ?? []).filter((collection) => !linkedIds.has(collection.id));

  return (
    <Paper withBorder p="sm" radius="md" data-testid="menu-collections">
      <Stack gap="xs">
        <Text fw={500} size="sm">
          {t("library.menus.collections")}
        </Text>
        {unsaved ? (
          <Text size="xs" c="dimmed">
            {t("library.menus.saveFirst")}
          </Text>
        ) : null}
        {linked.isPending ? <Loader size="xs" aria-label={t("library.loading")} /> : null}
        {linked.isError ? (
          <Alert color="red" role="alert">
            {errorText(linked.error)}
          </Alert>
        ) : null}
        {linked.data?.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("library.menus.noCollections")}
          </Text>
        ) : null}
        <Group gap="xs">
          {linked.data?.map((collection) => (
            <Badge
              key={collection.id}
              variant="light"
              size="lg"
              tt="none"
              rightSection={
                <CloseButton
                  size="xs"
                  disabled={unsaved || change.isPending}
                  aria-label={t("library.menus.removeCollection", { name: collection.title })}
                  onClick={() => change.mutate({ collection, method: "DELETE" })}
                />
              }
            >
              {collection.title}
            </Badge>
          ))}
        </Group>
        {choices.isError ? null : (
          <Group gap="xs" align="flex-end" wrap="wrap">
            <Select
              label={t("library.menus.addCollection")}
              placeholder={t("library.menus.search")}
              searchable
              data={options.map((collection) => ({ value: collection.id, label: collection.title }))}
              value={picked}
              onChange={setPicked}
              searchValue={search}
              onSearchChange={setSearch}
              nothingFoundMessage={t("library.menus.nothing")}
              disabled={unsaved}
              style={{ flex: 1, minWidth: 180 }}
            />
            <Button
              variant="light"
              disabled={unsaved || !picked}
              loading={change.isPending}
              onClick={() => {
                const collection = options.find((candidate) => candidate.id === picked);
                if (collection) change.mutate({ collection, method: "POST" });
              }}
            >
              {t("library.menus.add")}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
