// Terms of service (website.terms-of-service): Storeloom's terms for sellers as a readable
// document, with a table of contents whose links move to (and focus) each section. The text
// lives in the translations, in English and Vietnamese.
import { Anchor, Box, Grid, List, Paper, Stack, Text, Title } from "@mantine/core";
import type { MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { PAGE_WIDTH } from "../../../components/widths";

/** The sections in reading order; their texts are under account.terms.sections.<key>. */
export const TERMS_SECTIONS = [
  "acceptance",
  "accounts",
  "stores",
  "content",
  "orders",
  "payments",
  "fees",
  "prohibited",
  "privacy",
  "availability",
  "termination",
  "liability",
  "changes",
  "contact",
] as const;

const anchorOf = (key: string) => `terms-${key}`;

export function TermsPage() {
  const { t } = useTranslation();

  function jump(event: MouseEvent<HTMLAnchorElement>, key: string) {
    const target = document.getElementById(anchorOf(key));
    if (!target) return;
    event.preventDefault();
    target.scrollIntoView({ block: "start" });
    target.focus({ preventScroll: true });
    window.history.replaceState(window.history.state, "", `#${anchorOf(key)}`);
  }

  const contents = (
    <nav aria-label={t("account.terms.contents")}>
      <Text fw={700} mb="xs">
        {t("account.terms.contents")}
      </Text>
      <List type="ordered" size="sm" spacing={4}>
        {TERMS_SECTIONS.map((key) => (
          <List.Item key={key}>
            <Anchor href={`#${anchorOf(key)}`} onClick={(event) => jump(event, key)}>
              {t(`account.terms.sections.${key}.title`)}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </nav>
  );

  return (
    <Stack gap="md" maw={PAGE_WIDTH.form} mx="auto">
      <div>
        <Title order={1} fz="h2">
          {t("account.terms.title")}
        </Title>
        <Text c="dimmed" size="sm">
          {t("account.terms.updated")}
        </Text>
      </div>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
          <Paper withBorder radius="md" p="md" style={{ position: "sticky", top: 72 }}>
            {contents}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
          <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }} component="article" aria-label={t("account.terms.title")}>
            <Stack gap="lg">
              <Text>{t("account.terms.intro")}</Text>
              {TERMS_SECTIONS.map((key, index) => (
                <Box component="section" key={key} aria-labelledby={anchorOf(key)}>
                  <Title order={2} fz="h4" mb="xs" id={anchorOf(key)} tabIndex={-1} style={{ scrollMarginTop: 72, outline: "none" }}>
                    {index + 1}. {t(`account.terms.sections.${key}.title`)}
                  </Title>
                  <Stack gap="xs">
                    {(t(`account.terms.sections.${key}.body`, { returnObjects: true }) as string[]).map((paragraph) => (
                      <Text key={paragraph} size="sm" lh={1.7}>
                        {paragraph}
                      </Text>
                    ))}
                  </Stack>
                </Box>
              ))}
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
