// The onboarding popup (shell.md §2, §4): "Next step: {name}", the description (the domain
// placeholder filled by the core), the action button (its label cut at 50 characters by the
// core), "Skip this step" (which only hides the popup on "Back to Home") and a close button.
// The step's texts come from the server in English; they are said in the user's language by
// the step's `field` (the server's text stays the fallback of a step the admin does not know).
// Closing it (and Skip on "Back to Home") is kept on the server for the user, so it stays
// closed after a reload and on their other devices until the store reaches another step.
// So as not to sit over the page, it is a small pill docked at the bottom right that opens
// into the card; the card opens by itself only on the home page of a wide screen.
import { ActionIcon, Affix, Box, Button, Group, Paper, Stack, Text, UnstyledButton } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconChevronDown, IconRocket, IconX } from "@tabler/icons-react";
import { AnimatePresence, m, useReducedMotion } from "framer-motion";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { onboardingView, shellConstants } from "../../../core";
import type { OnboardingConfig } from "../../../types/generated/OnboardingConfig";
import { useSession } from "../../../app/session";
import { useDismissStep, useOnboarding, useSkipStep } from "../api/useShellCalls";

/** The step's texts in the user's language, the server's English where no text is known. */
function useTranslated(config: OnboardingConfig | null): OnboardingConfig | null {
  const { t, i18n } = useTranslation();
  if (!config) return null;
  const key = `firsthour.onboarding.${config.field}`;
  if (!i18n.exists(`${key}.name`)) return config;
  const button = config.subject ? t(`${key}.buttonNamed`, { name: config.subject }) : t(`${key}.button`);
  return { ...config, name: t(`${key}.name`), description: t(`${key}.description`), button };
}

export function OnboardingPopup() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const storeDomain = useSession((state) => state.storeDomain) ?? "";
  const onboarding = useOnboarding();
  const skip = useSkipStep();
  const dismiss = useDismissStep();
  const mobile = useMediaQuery(`(max-width: ${shellConstants.mobileBreakpointPx}px)`) ?? false;
  // The user's own opening or folding of the card; otherwise it is open on the home page only.
  const [opened, setOpened] = useState<boolean | null>(null);
  const config = onboarding.data?.currentConfig ?? null;
  const translated = useTranslated(config);
  // What Skip does is the core's reading of the server's own step; the texts are translated.
  const rule = config ? onboardingView(config, storeDomain) : null;
  const view = translated ? onboardingView(translated, storeDomain) : null;
  const reduced = useReducedMotion() ?? false;

  function skipStep() {
    if (!rule) return;
    if (rule.skip === "hideOnly") dismiss.mutate();
    else skip.mutate();
  }

  const shown = Boolean(view) && !onboarding.data?.dismissed;
  const expanded = opened ?? (!mobile && location.pathname === "/");
  // Under reduced motion the card and the pill come and go at once (no exit to wait for).
  const motion = reduced
    ? ({ initial: false, animate: { opacity: 1, y: 0 } } as const)
    : ({
        initial: { opacity: 0, y: 24 },
        animate: { opacity: 1, y: 0 },
        exit: { opacity: 0, y: 24 },
        transition: { duration: 0.2, ease: "easeOut" },
      } as const);
  return (
    <>
      {/* Room below the page for the docked popup, so the page's last rows and controls can
          always be scrolled above it. */}
      {shown && <Box aria-hidden="true" h={expanded ? 240 : 56} />}
      <Affix position={{ bottom: mobile ? 12 : 20, right: mobile ? 12 : 20 }} zIndex={150}>
        <AnimatePresence>
          {view && shown && !expanded && (
            <m.div key="onboarding-pill" data-motion="onboarding" {...motion}>
              <Paper withBorder shadow="md" radius="xl" role="region" aria-label={t("shell.onboarding")} maw={mobile ? 220 : 300}>
                <Group gap={0} wrap="nowrap">
                  <UnstyledButton
                    onClick={() => setOpened(true)}
                    aria-expanded={false}
                    aria-label={t("firsthour.onboarding.open", { name: view.name })}
                    px="md"
                    py={8}
                    style={{ minWidth: 0, flex: 1 }}
                    data-testid="onboarding-pill"
                  >
                    <Group gap={6} wrap="nowrap">
                      <IconRocket size={16} color="var(--mantine-color-indigo-7)" style={{ flex: "none" }} />
                      <Text size="sm" fw={600} truncate>
                        {t("shell.nextStep", { name: view.name })}
                      </Text>
                    </Group>
                  </UnstyledButton>
                  <ActionIcon variant="subtle" size="sm" mr={6} onClick={() => dismiss.mutate()} aria-label={t("shell.closeOnboarding")}>
                    <IconX size={14} />
                  </ActionIcon>
                </Group>
              </Paper>
            </m.div>
          )}
          {view && shown && expanded && (
            <m.div key="onboarding" data-motion="onboarding" {...motion}>
              <Paper
                withBorder
                shadow="lg"
                radius="md"
                p="md"
                w={mobile ? "calc(100vw - 24px)" : 340}
                maw={340}
                role="region"
                aria-label={t("shell.onboarding")}
              >
                <Stack gap="xs">
                  <Group justify="space-between" wrap="nowrap" align="flex-start" gap={4}>
                    <Text fw={700}>{t("shell.nextStep", { name: view.name })}</Text>
                    <Group gap={2} wrap="nowrap">
                      <ActionIcon variant="subtle" size="sm" onClick={() => setOpened(false)} aria-label={t("firsthour.onboarding.fold")} aria-expanded>
                        <IconChevronDown size={16} />
                      </ActionIcon>
                      <ActionIcon variant="subtle" size="sm" onClick={() => dismiss.mutate()} aria-label={t("shell.closeOnboarding")}>
                        <IconX size={16} />
                      </ActionIcon>
                    </Group>
                  </Group>
                  <Text size="sm" c="dimmed">
                    {view.description}
                  </Text>
                  <Group justify="space-between">
                    <Button variant="subtle" size="xs" onClick={skipStep} loading={skip.isPending}>
                      {t("shell.skipStep")}
                    </Button>
                    <Button size="xs" h="auto" py={6} styles={{ label: { whiteSpace: "normal", textAlign: "start" } }} onClick={() => void navigate(view.path)}>
                      {view.buttonLabel}
                    </Button>
                  </Group>
                </Stack>
              </Paper>
            </m.div>
          )}
        </AnimatePresence>
      </Affix>
    </>
  );
}
