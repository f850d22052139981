// The help base's home content on the dashboard. The HTML is cleaned by the server and shown
// through the allow-list of lib/safeHtml, never as raw markup. A failure or empty content
// shows nothing but a short line: the dashboard does not depend on the help base.
import { Paper, Skeleton, Text, Title, Typography } from "@mantine/core";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { safeHtml } from "../../../lib/safeHtml";
import { useHelpHtml } from "../api/useHelpHtml";

export function HelpCard() {
  const { t } = useTranslation();
  const help = useHelpHtml();
  const html = help.data?.homeHtml ?? "";
  const content = useMemo(() => (html.trim() ? safeHtml(html) : null), [html]);
  if (help.isSuccess && !content) return null;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label={t("gateway.helpTitle")}>
      <Title order={2} fz="h4" mb="sm">
        {t("gateway.helpTitle")}
      </Title>
      {help.isError ? (
        <Text size="sm" c="dimmed">
          {t("gateway.helpFailed")}
        </Text>
      ) : content ? (
        <Typography data-testid="help-html" style={{ overflowWrap: "anywhere" }}>
          {content}
        </Typography>
      ) : (
        <div aria-busy="true">
          <Skeleton height={16} width="60%" mb="xs" />
          <Skeleton height={12} width="90%" mb="xs" />
          <Skeleton height={12} width="80%" />
        </div>
      )}
    </Paper>
  );
}
