// The frame of the sign-in pages: the product name, a card, the language switch.
import { Box, Center, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LanguageSwitch } from "./LanguageSwitch";

export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box bg="gray.0" mih="100vh" py="xl" px="md">
      <Center>
        <Stack w="100%" maw={440} gap="lg">
          <Group justify="space-between">
            <Text fw={800} fz="xl" c="indigo.7">
              {t("app.name")}
            </Text>
            <LanguageSwitch />
          </Group>
          <Paper component="main" withBorder shadow="sm" radius="md" p="xl">
            <Stack gap="md">
              <div>
                <Title order={1} fz="h2">
                  {title}
                </Title>
                {subtitle && (
                  <Text c="dimmed" size="sm" mt={4}>
                    {subtitle}
                  </Text>
                )}
              </div>
              {children}
            </Stack>
          </Paper>
        </Stack>
      </Center>
    </Box>
  );
}
