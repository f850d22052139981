// The home dashboard (shell.md §2): the greeting by the browser's local hour, from the core.
import { Alert, Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { greeting } from "../../../core";
import { useUserInfo } from "../../../hooks/useStoreData";
import { translateCore } from "../../../i18n";
import { errorText } from "../../../lib/errors";

export function HomePage() {
  const { t } = useTranslation();
  const user = useUserInfo();
  const hello = user.data ? greeting(new Date().getHours(), user.data.firstName, user.data.lastName) : null;

  return (
    <Stack gap="lg" maw={1100} mx="auto">
      <Paper withBorder radius="md" p="xl">
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
        <Text c="dimmed" mt="sm">
          {t("home.readyToLaunch")}
        </Text>
      </Paper>
    </Stack>
  );
}
