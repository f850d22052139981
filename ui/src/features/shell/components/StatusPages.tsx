// The pages a route leads to when it cannot show its screen: no-access (a scope is missing),
// policy-violation (the store is disabled), and the screens still being built.
import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { translateCore } from "../../../i18n";

function Message({ title, body, action }: { title: string; body: string; action?: { label: string; to: string } }) {
  const navigate = useNavigate();
  return (
    <Center mih="50vh">
      <Stack align="center" gap="sm" maw={520} ta="center">
        <Title order={1} fz="h2">
          {title}
        </Title>
        <Text c="dimmed">{body}</Text>
        {action && <Button onClick={() => void navigate(action.to)}>{action.label}</Button>}
      </Stack>
    </Center>
  );
}

export function NoAccessPage() {
  const { t } = useTranslation();
  return <Message title={t("shell.noAccessTitle")} body={t("shell.noAccessBody")} action={{ label: t("shell.backHome"), to: "/" }} />;
}

export function PolicyViolationPage() {
  const { t } = useTranslation();
  return <Message title={t("shell.policyTitle")} body={t("shell.policyBody")} action={{ label: t("home.selectShop"), to: "/auth/shop" }} />;
}

/** A screen of the menu that is not built yet: it says so plainly. */
export function ScreenPage({ name, label }: { name: string; label: string }) {
  const { t } = useTranslation();
  return <Message title={translateCore(`route.${name}`, label)} body={t("shell.screenSoon")} />;
}
