// Domains (website.domain): the system domain and the custom ones with their state, adding a
// domain (the server reads and checks the host; its message shows under the field, which keeps
// what was typed), checking its DNS, choosing the checkout domain, and removing one.
import { ActionIcon, Alert, Badge, Button, Code, CopyButton, Group, Menu, Paper, Stack, Text, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconCheck, IconCopy, IconDots } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { ViewStoreButton } from "../../../components/ViewStoreButton";
import { errorText } from "../../../lib/errors";
import type { Domain } from "../../../types/generated/Domain";
import type { DomainVerification } from "../../../types/generated/DomainVerification";
import { ConfirmDialog } from "../../../components/records/ConfirmDialog";
import { type Column, ListPage, useListParams } from "../../../components/records/ListPage";
import { PurchasesPanel } from "./PurchasesPanel";
import { useAddDomain, useCheckDomain, useCheckoutDomain, useDomains, useRemoveDomain } from "../api/domains";
import { notifyError } from "../../../lib/events";

export function DomainsPage() {
  const { t } = useTranslation();
  const list = useListParams();
  const query = useDomains();
  const add = useAddDomain();
  const remove = useRemoveDomain();
  const checkout = useCheckoutDomain();
  const check = useCheckDomain();
  const [host, setHost] = useState("");
  const [removing, setRemoving] = useState<Domain | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    add.mutate(host, {
      onSuccess: (domain) => {
        setHost("");
        notifications.show({ color: "green", message: t("domains.added", { host: domain.host }) });
      },
    });
  }

  const say = (error: unknown) => notifyError(error);
  const columns: Column<Domain>[] = [
    {
      key: "host",
      header: t("domains.domain"),
      render: (domain) => (
        <Stack gap={4}>
          <Text fw={600}>{domain.host}</Text>
          {!domain.verified && domain.verification && <TxtRecord host={domain.host} record={domain.verification} />}
        </Stack>
      ),
    },
    {
      key: "state",
      header: t("domains.state"),
      render: (domain) => (
        <Group gap={4}>
          {domain.domainType === "SystemDefault" && <Badge variant="light">{t("domains.system")}</Badge>}
          {domain.domainType !== "SystemDefault" && (
            <Badge variant="light" color={domain.verified ? "green" : "orange"}>
              {domain.verified ? t("domains.verified") : t("domains.unverified")}
            </Badge>
          )}
          {domain.isCheckout && (
            <Badge variant="light" color="indigo">
              {t("domains.checkout")}
            </Badge>
          )}
        </Group>
      ),
    },
    {
      key: "actions",
      header: "",
      align: "right",
      render: (domain) =>
        domain.domainType === "SystemDefault" ? null : (
          <Menu position="bottom-end">
            <Menu.Target>
              <ActionIcon variant="subtle" aria-label={t("domains.actions", { host: domain.host })}>
                <IconDots size={16} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                onClick={() =>
                  check.mutate(domain.host, {
                    onSuccess: (found) => {
                      const verified = found.pointsToUs && found.txtFound && found.available;
                      const key = verified ? "pointsToUs" : found.pointsToUs ? "txtMissing" : "notPointing";
                      notifications.show({ color: verified ? "green" : "orange", message: t(`domains.${key}`, { host: found.host }) });
                    },
                    onError: say,
                  })
                }
              >
                {t("domains.check")}
              </Menu.Item>
              <Menu.Item disabled={!domain.verified || domain.isCheckout} onClick={() => checkout.mutate(domain.id, { onError: say })}>
                {t("domains.useForCheckout")}
              </Menu.Item>
              <Menu.Item color="red" onClick={() => setRemoving(domain)}>
                {t("domains.remove")}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        ),
    },
  ];

  return (
    <>
      <ListPage
        title={t("domains.title")}
        actions={<ViewStoreButton />}
        filters={
          <Paper component="form" onSubmit={submit} withBorder radius="md" p="md" style={{ flex: 1 }} aria-label={t("domains.add")}>
            <Group align="flex-end" gap="sm">
              <TextInput
                label={t("domains.add")}
                description={t("domains.addHint")}
                placeholder="shop.example.com"
                value={host}
                onChange={(e) => setHost(e.currentTarget.value)}
                style={{ flex: 1, minWidth: 220 }}
              />
              <Button type="submit" loading={add.isPending}>
                {t("domains.addButton")}
              </Button>
            </Group>
            {add.isError && (
              <Alert color="red" mt="sm" role="alert" title={t("manage.saveFailed")}>
                {errorText(add.error)}
              </Alert>
            )}
          </Paper>
        }
        query={query}
        columns={columns}
        rowKey={(domain) => domain.id}
        pageSize={Math.max(query.data?.total ?? 1, 1)}
        list={list}
        empty={{ title: t("domains.none") }}
      />
      <PurchasesPanel />
      <ConfirmDialog
        opened={removing !== null}
        question={t("domains.removeQuestion", { host: removing?.host ?? "" })}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          const domain = removing;
          setRemoving(null);
          if (domain)
            remove.mutate(domain.id, {
              onSuccess: () => notifications.show({ color: "green", message: t("domains.removed", { host: domain.host }) }),
              onError: say,
            });
        }}
      />
    </>
  );
}

/** The TXT record that proves a claimed domain is the store's, each part ready to copy. */
function TxtRecord({ host, record }: { host: string; record: DomainVerification }) {
  const { t } = useTranslation();
  const part = (label: string, value: string) => (
    <Group gap={4} wrap="nowrap">
      <Text size="xs" c="dimmed" w={48}>
        {label}
      </Text>
      <Code style={{ wordBreak: "break-all" }}>{value}</Code>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <ActionIcon variant="subtle" size="sm" aria-label={copied ? t("domains.copied") : t("domains.copy", { what: label })} onClick={copy}>
            {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
          </ActionIcon>
        )}
      </CopyButton>
    </Group>
  );
  return (
    <Stack gap={2}>
      <Text size="xs">{t("domains.txtRecord", { host })}</Text>
      {part(t("domains.txtName"), record.name)}
      {part(t("domains.txtValue"), record.value)}
    </Stack>
  );
}
