// One abandoned checkout (/orders/abandoned/:id): its lines and subtotal, the shopper's contact
// details, its times, and the recovery link that puts the cart back on the storefront.
import { Anchor, Button, CopyButton, Group, Stack, Text, TextInput } from "@mantine/core";
import { IconCheck, IconCopy } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import type { AbandonedCheckout } from "../../../types/generated/AbandonedCheckout";
import { DetailPage, LineItemsTable, Section } from "../../../components/records/DetailPage";
import { AbandonedStatus } from "./AbandonedStatus";
import { useAbandonedCheckout } from "../api/abandoned";
import { useFormats } from "../../../hooks/useFormats";

function Line({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between">
      <Text size="sm" fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 400}>
        {value}
      </Text>
    </Group>
  );
}

function RecoveryLink({ checkout }: { checkout: AbandonedCheckout }) {
  const { t } = useTranslation();
  return (
    <CopyButton value={checkout.recoveryUrl} timeout={2000}>
      {({ copied, copy }) => (
        <Button variant="default" leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />} onClick={copy}>
          {copied ? t("abandoned.copied") : t("abandoned.copyLink")}
        </Button>
      )}
    </CopyButton>
  );
}

export function AbandonedCheckoutDetailPage() {
  const { t } = useTranslation();
  const formats = useFormats();
  const { id = "" } = useParams();
  const query = useAbandonedCheckout(id);
  const money = (checkout: AbandonedCheckout, amount: number) => formats.money(amount, checkout.currency);

  return (
    <DetailPage
      back={{ to: "/orders/abandoned", label: t("abandoned.title") }}
      query={query}
      title={(checkout) => t("abandoned.titleOf", { reference: checkout.reference })}
      status={(checkout) => <AbandonedStatus status={checkout.status} />}
      actions={(checkout) => (checkout.status === "recovered" ? null : <RecoveryLink checkout={checkout} />)}
      main={(checkout) => (
        <>
          <Section title={t("abandoned.lines")}>
            <LineItemsTable lines={checkout.lineItems} money={(amount) => money(checkout, amount)} />
          </Section>
          <Section title={t("orders.summary")}>
            <Stack gap={6}>
              <Line label={t("abandoned.items")} value={String(Number(checkout.itemCount))} />
              <Line label={t("abandoned.subtotal")} value={money(checkout, checkout.subtotal)} strong />
              <Text size="xs" c="dimmed">
                {t("abandoned.subtotalNote")}
              </Text>
            </Stack>
          </Section>
        </>
      )}
      side={(checkout) => (
        <>
          <Section title={t("abandoned.customer")}>
            {checkout.customerName && <Text fw={600}>{checkout.customerName}</Text>}
            {checkout.email ? (
              <Anchor href={`mailto:${checkout.email}`} size="sm">
                {checkout.email}
              </Anchor>
            ) : (
              <Text size="sm" c="dimmed">
                {t("abandoned.noContact")}
              </Text>
            )}
          </Section>
          <Section title={t("abandoned.activity")}>
            <Stack gap={6}>
              <Line label={t("abandoned.started")} value={formats.date(checkout.createdDate)} />
              <Line label={t("abandoned.lastActivity")} value={formats.date(checkout.updatedDate)} />
              {checkout.orderId && (
                <Anchor component={Link} to={`/orders/detail/${checkout.orderId}`} size="sm">
                  {t("abandoned.viewOrder")}
                </Anchor>
              )}
            </Stack>
          </Section>
          {checkout.status !== "recovered" && (
            <Section title={t("abandoned.recoveryLink")}>
              <Stack gap="xs">
                <Text size="sm" c="dimmed">
                  {t("abandoned.recoveryBody")}
                </Text>
                <TextInput readOnly aria-label={t("abandoned.recoveryLink")} value={checkout.recoveryUrl} onFocus={(event) => event.currentTarget.select()} />
              </Stack>
            </Section>
          )}
        </>
      )}
    />
  );
}
