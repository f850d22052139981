// Personalized products are not offered to dropship stores (shell.md §2): the menu leaves the
// item out for them, and a direct visit to the screen says so instead of showing it.
import { Alert, Anchor, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageSkeleton } from "../../../components/Skeletons";
import { useStoreStatus } from "../../../hooks/useStoreData";
import { errorText } from "../../../lib/errors";
import { PAGE_WIDTH } from "../../../components/widths";

export function NotForDropship({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const store = useStoreStatus();
  if (store.isError)
    return (
      <Alert color="red" title={t("account.loadFailed")} maw={PAGE_WIDTH.form} mx="auto">
        {errorText(store.error)}
      </Alert>
    );
  if (!store.data) return <PageSkeleton />;
  // The same reading of the business type as the drawer's menu (AdminLayout).
  if (store.data.businessType === "dropship")
    return (
      <Stack gap="md" maw={PAGE_WIDTH.form} mx="auto">
        <Title order={1} fz="h2">
          {t("account.personalized.title")}
        </Title>
        <Alert color="orange" title={t("account.personalized.dropshipTitle")} role="alert">
          <Text size="sm">{t("account.personalized.dropshipBody")}</Text>
          <Anchor component={Link} to="/online-store/preferences" size="sm">
            {t("account.personalized.openPreferences")}
          </Anchor>
        </Alert>
      </Stack>
    );
  return <>{children}</>;
}
