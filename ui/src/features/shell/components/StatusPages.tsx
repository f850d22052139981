// The pages a route leads to when it cannot show its screen: no-access (a scope is missing),
// policy-violation (the store is disabled), not-found (an address that is no admin page), the
// user's info that could not be read, and the screens still being built.
import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { translateCore } from "../../../i18n";

function Message({
  title,
  body,
  action,
  retry,
}: {
  title: string;
  body: string;
  action?: { label: string; to: string };
  retry?: { label: string; onClick: () => void };
}) {
  return (
    <Center mih="50vh">
      <Stack align="center" gap="sm" maw={520} ta="center">
        <Title order={1} fz="h2">
          {title}
        </Title>
        <Text c="dimmed">{body}</Text>
        {retry && <Button onClick={retry.onClick}>{retry.label}</Button>}
        {action && (
          <Button component={Link} to={action.to} variant={retry ? "default" : "filled"}>
            {action.label}
          </Button>
        )}
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

/** An address under /admin that is no page of the admin: said plainly, with a way home. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Message
      title={t("session.notFoundTitle")}
      body={t("session.notFoundBody", { path: location.pathname })}
      action={{ label: t("shell.backHome"), to: "/" }}
    />
  );
}

/** The user's info could not be read (the server was not reached, or failed): a way to try
 * again instead of a skeleton that never ends. */
export function UserInfoFailedPage({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Message
      title={t("session.userInfoFailed")}
      body={message}
      retry={{ label: t("session.retry"), onClick: onRetry }}
      action={{ label: t("home.selectShop"), to: "/auth/shop" }}
    />
  );
}
