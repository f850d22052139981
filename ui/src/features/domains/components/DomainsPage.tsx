// Domains (website.domain): the system domain and the custom ones with their state, adding a
// domain (the server reads and checks the host; its message shows under the field, which keeps
// what was typed) with the DNS records to create, checking its DNS (and saying what was found),
// choosing the checkout domain, and removing one. A plan without own domains says which plan has
// them and keeps the forms closed (the server refuses them too).
import { ActionIcon, Alert, Badge, Button, Code, CopyButton, Group, Menu, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconCheck, IconCopy, IconDots } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { ViewStoreButton } from "../../../components/ViewStoreButton";
import { errorText } from "../../../lib/errors";
import type { Domain } from "../../../types/generated/Domain";
import type { DnsRecord } from "../../../types/generated/DnsRecord";
import type { DomainCheck } from "../../../types/generated/DomainCheck";
import { ConfirmDialog } from "../../../components/records/ConfirmDialog";
import { type Column, ListPage, useListParams } from "../../../components/records/ListPage";
import { PurchasesPanel } from "./PurchasesPanel";
import { useAddDomain, useCheckDomain, useCheckoutDomain, useDomains, useRemoveDomain } from "../api/domains";
import { notifyError } from "../../../lib/events";
import { useOpenable } from "../../../hooks/useOpenable";
import { PAGE_WIDTH } from "../../../components/widths";
import { Link } from "react-router";

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
  // The last check of each host: what its DNS held then.
  const [found, setFound] = useState<Record<string, DomainCheck>>({});
  const account = useOpenable("website.settings.account");
  // Open while the list loads; closed once it says the plan has no own domains.
  const allowed = query.data?.ownDomains ?? true;

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
  function checkDns(host: string) {
    check.mutate(host, {
      onSuccess: (found) => {
        setFound((all) => ({ ...all, [host]: found }));
        const verified = found.pointsToUs && found.txtFound && found.available;
        const key = verified ? "pointsToUs" : found.pointsToUs ? "txtMissing" : "notPointing";
        notifications.show({ color: verified ? "green" : "orange", message: t(`domains.${key}`, { host: found.host }) });
      },
      onError: say,
    });
  }
  // The custom domains still to set up: their records to create, under the list (a table's cell
  // is too narrow for them on a phone).
  const pending = (query.data?.rows ?? []).filter((domain) => !domain.verified && domain.records.length > 0);
  const columns: Column<Domain>[] = [
    {
      key: "host",
      header: t("domains.domain"),
      render: (domain) => (
        <Stack gap={4}>
          <Text fw={600}>{domain.host}</Text>
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
              <Menu.Item onClick={() => checkDns(domain.host)}>{t("domains.check")}</Menu.Item>
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
        intro={
          <Paper component="form" onSubmit={submit} withBorder radius="md" p="md" style={{ flex: 1 }} aria-label={t("domains.add")}>
            {!allowed && (
              <Alert color="indigo" variant="light" mb="sm" role="status">
                <Group justify="space-between" gap="xs">
                  <Text size="sm" style={{ flex: "1 1 240px", minWidth: 0 }}>
                    {t("domains.planNeeded", { plan: query.data?.ownDomainsPlan ?? "" })}
                  </Text>
                  {account && (
                    <Button size="xs" component={Link} to={`${account}/plans`}>
                      {t("domains.seePlans")}
                    </Button>
                  )}
                </Group>
              </Alert>
            )}
            <Group align="flex-end" gap="sm">
              <TextInput
                disabled={!allowed}
                label={t("domains.add")}
                description={t("domains.addHint")}
                placeholder="shop.example.com"
                value={host}
                onChange={(e) => setHost(e.currentTarget.value)}
                style={{ flex: 1, minWidth: 220 }}
              />
              <Button type="submit" loading={add.isPending} disabled={!allowed}>
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
      {pending.map((domain) => (
        <Paper
          key={domain.id}
          withBorder
          radius="md"
          p="md"
          mt="md"
          maw={PAGE_WIDTH.list}
          mx="auto"
          component="section"
          aria-label={t("domains.setUp", { host: domain.host })}
        >
          <Stack gap="sm">
            <Title order={2} fz="h4" style={{ wordBreak: "break-all" }}>
              {t("domains.setUp", { host: domain.host })}
            </Title>
            <DnsRecords host={domain.host} records={domain.records} />
            {found[domain.host] && <Found check={found[domain.host]!} records={domain.records} />}
            <Group>
              <Button variant="light" loading={check.isPending && check.variables === domain.host} onClick={() => checkDns(domain.host)}>
                {t("domains.check")}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ))}
      <PurchasesPanel allowed={allowed} />
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

/** A value with its label and a button that copies it. */
function Copyable({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <Text size="xs" c="dimmed" w={48} style={{ flex: "none" }}>
        {label}
      </Text>
      <Code style={{ wordBreak: "break-all" }}>{value}</Code>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <ActionIcon variant="subtle" size="sm" aria-label={copied ? t("domains.copied") : t("domains.copy", { what: `${label} ${value}` })} onClick={copy}>
            {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
          </ActionIcon>
        )}
      </CopyButton>
    </Group>
  );
}

/** Every DNS record a claimed domain needs (the platform's addresses, then the TXT record that
 * proves it is the store's), each part ready to copy. */
function DnsRecords({ host, records }: { host: string; records: DnsRecord[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap={6} aria-label={t("domains.records", { host })} role="group">
      <Text size="xs">{t("domains.records", { host })}</Text>
      {!records.some((record) => record.kind !== "TXT") && (
        <Text size="xs" c="orange.8">
          {t("domains.noAddress")}
        </Text>
      )}
      {records.map((record) => (
        <Stack key={`${record.kind} ${record.value}`} gap={2} pl="xs" style={{ borderLeft: "2px solid var(--mantine-color-gray-3)" }}>
          <Copyable label={t("domains.recordType")} value={record.kind} />
          <Copyable label={t("domains.txtName")} value={record.name} />
          <Copyable label={t("domains.txtValue")} value={record.value} />
        </Stack>
      ))}
    </Stack>
  );
}

/** What the last check found in DNS, beside what is asked. */
function Found({ check, records }: { check: DomainCheck; records: DnsRecord[] }) {
  const { t } = useTranslation();
  const txt = records.find((record) => record.kind === "TXT");
  return (
    <Stack gap={2} role="status" aria-label={t("domains.found")}>
      <Text size="xs" fw={600}>
        {t("domains.found")}
      </Text>
      <Text size="xs" c={check.pointsToUs ? "green.8" : "orange.8"}>
        {check.addresses.length
          ? t("domains.foundAddresses", { host: check.host, list: check.addresses.join(", ") })
          : t("domains.foundNoAddress", { host: check.host })}
      </Text>
      <Text size="xs" c={check.txtFound ? "green.8" : "orange.8"} style={{ wordBreak: "break-all" }}>
        {check.texts.length ? t("domains.foundTexts", { list: check.texts.join(", ") }) : t("domains.foundNoText", { name: txt?.name ?? check.host })}
      </Text>
    </Stack>
  );
}
