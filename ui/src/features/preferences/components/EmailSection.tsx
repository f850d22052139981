// The E-mails section of Preferences: the language the store's order e-mails are written in,
// which of the optional ones go out (the confirmation always does: it is the shopper's receipt),
// and a preview of each, which the server makes with the same core function as the e-mails sent.
import { Button, Group, Select, Stack, Switch, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { EmailSettings } from "../../../types/generated/EmailSettings";
import type { OrderMailKind } from "../../../types/generated/OrderMailKind";
import type { StoreLanguage } from "../../../types/generated/StoreLanguage";
import { useEmailSettings } from "../api/preferences";
import { MailPreviewDialog } from "./MailPreviewDialog";
import { SettingSection } from "./SettingSection";

const KINDS: OrderMailKind[] = ["confirmation", "refund", "cancellation", "newOrder"];
const SWITCHES = ["refundNotice", "cancellationNotice", "newOrderAlert"] as const;

export function EmailSection() {
  const { t } = useTranslation();
  const { query: saved, save } = useEmailSettings();
  const [input, setInput] = useState<EmailSettings | null>(null);
  const [previewing, setPreviewing] = useState<OrderMailKind | null>(null);
  // Filled once from the server; what is chosen is never replaced after.
  if (input === null && saved.data) setInput(saved.data);
  const unchanged =
    input !== null && saved.data !== undefined && SWITCHES.every((key) => input[key] === saved.data[key]) && input.language === saved.data.language;

  function submit() {
    if (!input) return;
    save.mutate(input, {
      onSuccess: (stored) => {
        setInput(stored);
        notifications.show({ color: "green", message: t("preferences.emailsSaved") });
      },
    });
  }

  return (
    <>
      <SettingSection
        id="emails"
        title={t("preferences.emails")}
        hint={t("preferences.emailsHint")}
        saveLabel={t("preferences.saveEmails")}
        saving={save.isPending}
        unchanged={unchanged}
        problems={[]}
        saveError={save.error}
        loadError={saved.error}
        onSubmit={submit}
      >
        {input && (
          <>
            <Select
              label={t("preferences.emailLanguage")}
              description={t("preferences.emailLanguageHint")}
              allowDeselect={false}
              data={[
                { value: "en", label: "English" },
                { value: "vi", label: "Tiếng Việt" },
              ]}
              value={input.language}
              onChange={(value) => value && setInput({ ...input, language: value as StoreLanguage })}
              maw={320}
            />
            <Text size="sm">{t("preferences.confirmationAlways")}</Text>
            {SWITCHES.map((key) => (
              <Switch
                key={key}
                label={t(`preferences.${key}`)}
                description={t(`preferences.${key}Hint`)}
                checked={input[key]}
                onChange={(e) => setInput({ ...input, [key]: e.currentTarget.checked })}
              />
            ))}
            <Stack gap={6}>
              <Text size="sm" fw={500} id="email-previews">
                {t("preferences.emailPreviews")}
              </Text>
              <Group gap="xs" wrap="wrap" role="group" aria-labelledby="email-previews">
                {KINDS.map((kind) => (
                  <Button key={kind} variant="default" size="xs" onClick={() => setPreviewing(kind)}>
                    {t(`preferences.mail.${kind}`)}
                  </Button>
                ))}
              </Group>
            </Stack>
          </>
        )}
      </SettingSection>
      <MailPreviewDialog kind={previewing} language={input?.language ?? "en"} onClose={() => setPreviewing(null)} />
    </>
  );
}
