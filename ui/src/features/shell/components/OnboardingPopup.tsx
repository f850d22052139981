// The onboarding popup (shell.md §2, §4): "Next step: {name}", the description (the domain
// placeholder filled by the core), the action button (its label cut at 50 characters by the
// core), "Skip this step" (which only hides the popup on "Back to Home") and a close button.
import { ActionIcon, Affix, Box, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { IconX } from "@tabler/icons-react";
import { AnimatePresence, m, useReducedMotion } from "framer-motion";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { onboardingView } from "../../../core";
import { useSession } from "../../auth/store/session";
import { useOnboarding, useSkipStep } from "../api/useShellCalls";

export function OnboardingPopup() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const storeDomain = useSession((state) => state.storeDomain) ?? "";
  const onboarding = useOnboarding();
  const skip = useSkipStep();
  const [hidden, setHidden] = useState(false);
  const config = onboarding.data?.currentConfig ?? null;
  const view = config ? onboardingView(config, storeDomain) : null;
  const reduced = useReducedMotion() ?? false;

  function skipStep() {
    if (!view) return;
    if (view.skip === "hideOnly") setHidden(true);
    else skip.mutate();
  }

  const shown = Boolean(view) && !hidden;
  return (
    <>
      {/* Room below the page while the popup floats over its corner, so the page's last
          controls can always be scrolled above it. */}
      {shown && <Box aria-hidden="true" h={240} />}
      <Affix position={{ bottom: 20, right: 20 }} zIndex={150}>
        <AnimatePresence>
          {view && shown && (
            <m.div
              key="onboarding"
              data-motion="onboarding"
              initial={reduced ? false : { opacity: 0, y: 24 }}
              animate={{ opacity: 1, y: 0 }}
              exit={reduced ? { opacity: 0, transition: { duration: 0 } } : { opacity: 0, y: 24 }}
              transition={{ duration: 0.2, ease: "easeOut" }}
            >
              <Paper withBorder shadow="lg" radius="md" p="md" w={340} role="region" aria-label={t("shell.onboarding")}>
                {view && (
                  <Stack gap="xs">
                    <Group justify="space-between" wrap="nowrap" align="flex-start">
                      <Text fw={700}>{t("shell.nextStep", { name: view.name })}</Text>
                      <ActionIcon variant="subtle" size="sm" onClick={() => setHidden(true)} aria-label={t("shell.closeOnboarding")}>
                        <IconX size={16} />
                      </ActionIcon>
                    </Group>
                    <Text size="sm" c="dimmed">
                      {view.description}
                    </Text>
                    <Group justify="space-between">
                      <Button variant="subtle" size="xs" onClick={skipStep} loading={skip.isPending}>
                        {t("shell.skipStep")}
                      </Button>
                      <Button
                        size="xs"
                        h="auto"
                        py={6}
                        styles={{ label: { whiteSpace: "normal", textAlign: "start" } }}
                        onClick={() => void navigate(view.path)}
                      >
                        {view.buttonLabel}
                      </Button>
                    </Group>
                  </Stack>
                )}
              </Paper>
            </m.div>
          )}
        </AnimatePresence>
      </Affix>
    </>
  );
}
