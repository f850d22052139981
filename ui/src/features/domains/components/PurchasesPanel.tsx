// Buying a domain through the store: a host and a number of years (the server checks both and
// prices the purchase), then the purchases waiting for the registrar, each of which can be
// cancelled until it completes.
import { Alert, Button, Group, NumberInput, Paper, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { RowsSkeleton } from "../../../components/Skeletons";
import { errorText } from "../../../lib/errors";
import { useBuyDomain, useCancelPurchase, usePendingDomains } from "../api/domains";
import { notifyError } from "../../../lib/events";
import { useFormats } from "../../../hooks/useFormats";

/** Domains are bought from the platform, which bills in dollars whatever the store sells in. */
const PLATFORM_CURRENCY = "USD";

/** `allowed`: whether the store's plan includes own domains (the page says which plan does). */
export function PurchasesPanel({ allowed }: { allowed: boolean }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const pending = usePendingDomains();
  const buy = useBuyDomain();
  const cancel = useCancelPurchase();
  const [host, setHost] = useState("");
  const [years, setYears] = useState<number>(1);

  function submit(event: FormEvent) {
    event.preventDefault();
    buy.mutate(
      { host, years },
      {
        onSuccess: (purchase) => {
          setHost("");
          void pending.refetch();
          notifications.show({ color: "green", message: t("domains.bought", { host: purchase.host }) });
        },
      },
    );
  }

  return (
    <Paper withBorder radius="md" p="md" maw={1200} mx="auto" mt="md" component="section" aria-labelledby="domain-purchases">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="domain-purchases">
          {t("domains.buyTitle")}
        </Title>
        <form onSubmit={submit}>
          <Group align="flex-end" gap="sm">
            <TextInput
              disabled={!allowed}
              label={t("domains.buyHost")}
              placeholder="myshop.com"
              value={host}
              onChange={(e) => setHost(e.currentTarget.value)}
              style={{ flex: 1, minWidth: 220 }}
            />
            <NumberInput
              disabled={!allowed}
              label={t("domains.years")}
              min={1}
              max={10}
              allowDecimal={false}
              w={110}
              value={years}
              onChange={(n) => setYears(Number(n) || 1)}
            />
            <Button type="submit" loading={buy.isPending} disabled={!allowed}>
              {t("domains.buy")}
            </Button>
          </Group>
        </form>
        {buy.isError && (
          <Alert color="red" role="alert" title={t("manage.saveFailed")}>
            {errorText(buy.error)}
          </Alert>
        )}
        <Title order={3} fz="h5">
          {t("domains.pending")}
        </Title>
        {pending.isPending ? (
          <RowsSkeleton rows={2} columns={4} />
        ) : pending.isError ? (
          <Alert color="red" title={t("manage.loadFailed")}>
            {errorText(pending.error)}
          </Alert>
        ) : (pending.data ?? []).length === 0 ? (
          <Text c="dimmed" size="sm">
            {t("domains.noPending")}
          </Text>
        ) : (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("domains.domain")}</Table.Th>
                <Table.Th>{t("domains.years")}</Table.Th>
                <Table.Th ta="right">{t("domains.price")}</Table.Th>
                <Table.Th>{t("domains.ordered")}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(pending.data ?? []).map((purchase) => (
                <Table.Tr key={purchase.id}>
                  <Table.Td fw={600}>{purchase.host}</Table.Td>
                  <Table.Td>{purchase.years}</Table.Td>
                  <Table.Td ta="right">{formats.money(purchase.price, PLATFORM_CURRENCY)}</Table.Td>
                  <Table.Td>{formats.date(purchase.createdDate, "date")}</Table.Td>
                  <Table.Td ta="right">
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      loading={cancel.isPending && cancel.variables === purchase.id}
                      onClick={() =>
                        cancel.mutate(purchase.id, {
                          onSuccess: () => {
                            void pending.refetch();
                            notifications.show({ color: "green", message: t("domains.cancelled", { host: purchase.host }) });
                          },
                          onError: (error) => notifyError(error),
                        })
                      }
                    >
                      {t("domains.cancelPurchase", { host: purchase.host })}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}
