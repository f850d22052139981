// The home dashboard (shell.md §2): the greeting by the browser's local hour, from the core.
import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { LanguageSwitch } from "../../../components/LanguageSwitch";
import { greeting } from "../../../core";
import { translateCore } from "../../../i18n";
import { errorText } from "../../../lib/errors";
import { useSession } from "../../auth/store/session";
import { useUserInfo } from "../api/useUserInfo";

export function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const storeId = useSession((state) => state.storeId);
  const storeName = useSession((state) => state.storeName);
  const logout = useSession((state) => state.logout);
  const user = useUserInfo(storeId);

  const hello = user.data ? greeting(new Date().getHours(), user.data.firstName, user.data.lastName) : null;

  return (
    <Stack p="lg" gap="lg" maw={1100} mx="auto">
      <Group justify="space-between" component="header">
        <Text fw={800} fz="lg" c="indigo.7">
          {storeName}
        </Text>
        <Group gap="sm">
          <LanguageSwitch />
          <Button variant="default" size="xs" onClick={() => void navigate("/auth/shop")}>
            {t("home.selectShop")}
          </Button>
          <Button variant="subtle" size="xs" onClick={logout}>
            {t("home.logout")}
          </Button>
        </Group>
      </Group>
      <Paper component="main" withBorder radius="md" p="xl">
        {user.isPending && <Skeleton height={32} width="60%" aria-busy="true" />}
        {user.isError && (
          <Alert color="red" title={t("home.failed")}>
            {errorText(user.error)}
          </Alert>
        )}
        {hello && (
          <Title order={1} fz="h2">
            {translateCore(`greeting.${hello.period}`, hello.text, { name: hello.fullName })}
          </Title>
        )}
      </Paper>
    </Stack>
  );
}
