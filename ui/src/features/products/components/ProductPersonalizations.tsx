// The product form's personalization card: the product's set-ups (GET
// /personalizes/product/{id}), each a door to its form, and one to add a set-up for this product.
// Shown only to members whose scopes open the personalized products screen.
import { Anchor, Button, Group, Stack, Text, Title } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useSession } from "../../../app/session";
import { useOpenable } from "../../../hooks/useOpenable";
import { api } from "../../../lib/api";
import type { Personalize } from "../../../types/generated/Personalize";

export function ProductPersonalizations({ productId }: { productId: string }) {
  const { t } = useTranslation();
  const heading = useId();
  const base = useOpenable("website.product-personalized");
  const storeId = useSession((state) => state.storeId);
  const setups = useQuery({
    queryKey: ["personalizes", storeId, "product", productId],
    queryFn: ({ signal }) => api<Personalize[]>(`/personalizes/product/${encodeURIComponent(productId)}`, { signal }),
    enabled: Boolean(storeId && base),
  });
  if (!base) return null;
  return (
    <Stack component="section" aria-labelledby={heading} gap="xs" mt="sm">
      <div>
        <Title order={2} fz="h5" id={heading}>
          {t("products.personalization.title")}
        </Title>
        <Text size="xs" c="dimmed">
          {t("products.personalization.hint")}
        </Text>
      </div>
      {setups.isPending && <Text size="sm">…</Text>}
      {setups.isError && (
        <Text size="sm" c="red" role="alert">
          {t("manage.loadFailed")}
        </Text>
      )}
      {setups.data?.length === 0 && <Text size="sm">{t("products.personalization.none")}</Text>}
      {setups.data?.map((setup) => (
        <Anchor key={setup.id} component={Link} to={`${base}/${encodeURIComponent(setup.id)}`} size="sm">
          {t("products.personalization.setup", { name: setup.name, count: setup.layers.length })}
        </Anchor>
      ))}
      <Group>
        <Button component={Link} to={`${base}/create?product=${encodeURIComponent(productId)}`} variant="light" size="xs" leftSection={<IconPlus size={14} />}>
          {t("products.personalization.add")}
        </Button>
      </Group>
    </Stack>
  );
}
