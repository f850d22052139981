// One order e-mail as the store would send it now (GET /stores/settings/emails/preview/{kind}),
// in the language chosen in the form, saved or not: its subject, then its HTML part in a frame
// that runs no script and loads nothing of the admin's, or its text part.
import { Alert, Loader, Modal, SegmentedControl, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { shellConstants } from "../../../core";
import { useSession } from "../../../app/session";
import { api } from "../../../lib/api";
import { errorText } from "../../../lib/errors";
import type { MailPreview } from "../../../types/generated/MailPreview";
import type { OrderMailKind } from "../../../types/generated/OrderMailKind";
import type { StoreLanguage } from "../../../types/generated/StoreLanguage";
import { dialogTransition } from "../../../components/Motion";

export function MailPreviewDialog({ kind, language, onClose }: { kind: OrderMailKind | null; language: StoreLanguage; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useMediaQuery(`(max-width: ${shellConstants.mobileBreakpointPx}px)`) ?? false;
  const storeId = useSession((state) => state.storeId);
  const [part, setPart] = useState<"html" | "text">("html");
  const preview = useQuery({
    queryKey: ["mail-preview", storeId, kind, language],
    queryFn: ({ signal }) => api<MailPreview>(`/stores/settings/emails/preview/${kind}?language=${language}`, { signal }),
    enabled: kind !== null && Boolean(storeId),
  });
  const mail = preview.data;
  return (
    <Modal
      opened={kind !== null}
      onClose={onClose}
      title={kind ? t(`preferences.mail.${kind}`) : ""}
      size="xl"
      fullScreen={phone}
      transitionProps={dialogTransition}
      closeButtonProps={{ "aria-label": t("shell.close") }}
    >
      {preview.isPending && kind !== null && <Loader size="sm" aria-label={t("preferences.previewLoading")} />}
      {preview.isError && (
        <Alert color="red" role="alert">
          {errorText(preview.error)}
        </Alert>
      )}
      {mail && (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {mail.orderName ? t("preferences.previewOf", { order: mail.orderName }) : t("preferences.previewSample")}
          </Text>
          <Text fw={600}>
            {t("preferences.previewSubject")}: {mail.subject}
          </Text>
          <SegmentedControl
            value={part}
            onChange={(value) => setPart(value as "html" | "text")}
            data={[
              { value: "html", label: t("preferences.previewHtml") },
              { value: "text", label: t("preferences.previewText") },
            ]}
            w="fit-content"
          />
          {part === "html" ? (
            <iframe
              title={t("preferences.previewHtml")}
              sandbox=""
              srcDoc={mail.html}
              style={{ width: "100%", height: phone ? "70vh" : 520, border: "1px solid var(--mantine-color-gray-3)", borderRadius: 4 }}
            />
          ) : (
            <Text component="pre" size="sm" style={{ whiteSpace: "pre-wrap", fontFamily: "var(--mantine-font-family-monospace)", margin: 0 }}>
              {mail.text}
            </Text>
          )}
        </Stack>
      )}
    </Modal>
  );
}
