// Payment gateway (under Settings, behind the payout route's `checkout` scope, as the server's
// gateway calls are): the gateways the store uses, page by page; the groups it has added, with
// the choice among each group's gateways; and the gateways it could add. Once one is connected,
// the shell's payment-gateway notice goes (its query is read again after every change).
import { Alert, Anchor, Badge, Button, Checkbox, Group, Pagination, Select, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import type { UseQueryResult } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { shellConstants } from "../../../core";
import { errorText } from "../../../lib/errors";
import type { Proxy } from "../../../types/generated/Proxy";
import type { ProxyGroup } from "../../../types/generated/ProxyGroup";
import { notifySaved } from "../../../lib/notifySaved";
import { Section } from "../../../components/records/DetailPage";
import {
  useAddGroup,
  useAllStoreProxies,
  useGroups,
  useProxiesGroups,
  useRemainGroupProxies,
  useRemainProxies,
  useRemoveGroup,
  useSaveGroupProxies,
  useSaveProxies,
  useStoreGroups,
  useStoreProxyPage,
} from "../api/billing";

/** A section's body once its calls have answered: skeletons before, the error and a retry after. */
function Loaded({ queries, children }: { queries: UseQueryResult[]; children: () => ReactNode }) {
  const { t } = useTranslation();
  const failed = queries.find((query) => query.isError);
  if (failed)
    return (
      <Alert color="red" title={t("gateway.loadFailed")}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorText(failed.error)}</Text>
          <Button size="xs" variant="light" onClick={() => queries.forEach((query) => void query.refetch())}>
            {t("gateway.retry")}
          </Button>
        </Stack>
      </Alert>
    );
  if (queries.some((query) => query.data === undefined))
    return (
      <Stack gap="xs" aria-busy="true">
        <Skeleton height={16} width="70%" />
        <Skeleton height={16} width="50%" />
      </Stack>
    );
  return <>{children()}</>;
}

/** The name of a gateway's group, from every group with its gateways. */
function groupName(groups: ProxyGroup[], proxy: Proxy): string | null {
  return groups.find((group) => group.id === proxy.groupId)?.name ?? null;
}

function Connected() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const current = useStoreProxyPage(page);
  const all = useAllStoreProxies();
  const groups = useProxiesGroups();
  const save = useSaveProxies();
  const disconnect = (proxy: Proxy) => {
    const rest = (all.data ?? []).filter((p) => p.id !== proxy.id).map((p) => p.id);
    save.mutate(rest, { onSuccess: () => notifySaved(t("gateway.disconnected", { name: proxy.name })) });
  };
  return (
    <Section title={t("gateway.connected")}>
      <Loaded queries={[current, all, groups]}>
        {() => {
          const data = current.data;
          const pages = Math.max(1, Math.ceil((data?.total ?? 0) / shellConstants.proxyListLimit));
          if (!data || data.total === 0)
            return (
              <Text c="dimmed" size="sm" data-testid="no-gateway">
                {t("gateway.noneConnected")}
              </Text>
            );
          return (
            <Stack gap="sm">
              <Table.ScrollContainer minWidth={320}>
                <Table>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t("gateway.name")}</Table.Th>
                      <Table.Th>{t("gateway.group")}</Table.Th>
                      <Table.Th>
                        <VisuallyHidden>{t("gateway.actions")}</VisuallyHidden>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.proxies.map((proxy) => (
                      <Table.Tr key={proxy.id}>
                        <Table.Td>
                          <Text size="sm" fw={600}>
                            {proxy.name}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {proxy.provider}
                          </Text>
                        </Table.Td>
                        <Table.Td>{groupName(groups.data ?? [], proxy) ?? "—"}</Table.Td>
                        <Table.Td ta="right">
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red"
                            disabled={save.isPending}
                            aria-label={t("gateway.disconnectNamed", { name: proxy.name })}
                            onClick={() => disconnect(proxy)}
                          >
                            {t("gateway.disconnect")}
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} size="sm" />}
            </Stack>
          );
        }}
      </Loaded>
      {save.isError && (
        <Alert color="red" mt="sm">
          {errorText(save.error)}
        </Alert>
      )}
    </Section>
  );
}

/** One added group: its gateways as checkboxes (ticked when the store uses them), saved together. */
function AddedGroup({ group }: { group: ProxyGroup }) {
  const { t } = useTranslation();
  const remain = useRemainGroupProxies(group.id);
  const save = useSaveGroupProxies();
  const remove = useRemoveGroup();
  const [chosen, setChosen] = useState<string[] | null>(null);
  const used = group.proxies.filter((proxy) => !(remain.data ?? []).some((r) => r.id === proxy.id)).map((proxy) => proxy.id);
  const value = chosen ?? used;
  return (
    <Stack gap="xs" p="sm" style={{ border: "1px solid var(--mantine-color-gray-3)", borderRadius: "var(--mantine-radius-md)" }}>
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          <Title order={3} fz="md">
            {group.name}
          </Title>
          <Badge variant="light" color="green">
            {t("gateway.added")}
          </Badge>
        </Group>
        <Button
          size="xs"
          variant="subtle"
          color="red"
          loading={remove.isPending}
          aria-label={t("gateway.removeGroupNamed", { name: group.name })}
          onClick={() => remove.mutate(group.id, { onSuccess: () => notifySaved(t("gateway.groupRemoved", { name: group.name })) })}
        >
          {t("gateway.removeGroup")}
        </Button>
      </Group>
      <Loaded queries={[remain]}>
        {() => (
          <Checkbox.Group value={value} onChange={setChosen} label={t("gateway.groupGateways", { name: group.name })}>
            <Stack gap={6} mt={6}>
              {group.proxies.map((proxy) => (
                <Checkbox key={proxy.id} value={proxy.id} label={proxy.name} />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
      </Loaded>
      <Group gap="xs">
        <Button
          size="xs"
          disabled={chosen === null}
          loading={save.isPending}
          onClick={() =>
            save.mutate(
              { groupId: group.id, proxyIds: value },
              {
                onSuccess: () => {
                  setChosen(null);
                  notifySaved(t("gateway.saved"));
                },
              },
            )
          }
        >
          {t("gateway.saveGroup", { name: group.name })}
        </Button>
      </Group>
      {(save.isError || remove.isError) && <Alert color="red">{errorText(save.error ?? remove.error)}</Alert>}
    </Stack>
  );
}

function Groups() {
  const { t } = useTranslation();
  const groups = useGroups();
  const mine = useStoreGroups();
  const add = useAddGroup();
  const [picked, setPicked] = useState<string | null>(null);
  return (
    <Section title={t("gateway.groups")}>
      <Text size="sm" c="dimmed" mb="sm">
        {t("gateway.groupsHelp")}
      </Text>
      <Loaded queries={[groups, mine]}>
        {() => {
          const added = mine.data ?? [];
          const others = (groups.data ?? []).filter((group) => !added.some((a) => a.id === group.id));
          return (
            <Stack gap="sm">
              {others.length > 0 && (
                <Group align="flex-end" gap="xs" wrap="wrap">
                  <Select
                    label={t("gateway.addGroupLabel")}
                    placeholder={t("gateway.pickGroup")}
                    data={others.map((group) => ({ value: group.id, label: group.name }))}
                    value={picked}
                    onChange={setPicked}
                    style={{ flex: "1 1 200px", minWidth: 0 }}
                    comboboxProps={{ withinPortal: true }}
                  />
                  <Button
                    disabled={!picked}
                    loading={add.isPending}
                    onClick={() => {
                      const group = others.find((g) => g.id === picked);
                      if (!group) return;
                      add.mutate(group.id, {
                        onSuccess: () => {
                          setPicked(null);
                          notifySaved(t("gateway.groupAdded", { name: group.name }));
                        },
                      });
                    }}
                  >
                    {t("gateway.addGroup")}
                  </Button>
                </Group>
              )}
              {add.isError && <Alert color="red">{errorText(add.error)}</Alert>}
              {added.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t("gateway.noGroups")}
                </Text>
              ) : (
                added.map((group) => <AddedGroup key={group.id} group={group} />)
              )}
            </Stack>
          );
        }}
      </Loaded>
    </Section>
  );
}

function Available() {
  const { t } = useTranslation();
  const remain = useRemainProxies();
  const all = useAllStoreProxies();
  const groups = useProxiesGroups();
  const save = useSaveProxies();
  const [chosen, setChosen] = useState<string[]>([]);
  return (
    <Section title={t("gateway.available")}>
      <Loaded queries={[remain, all, groups]}>
        {() =>
          (remain.data ?? []).length === 0 ? (
            <Text size="sm" c="dimmed">
              {t("gateway.noneAvailable")}
            </Text>
          ) : (
            <Stack gap="sm">
              <Checkbox.Group value={chosen} onChange={setChosen} label={t("gateway.availableHelp")}>
                <Stack gap={6} mt={6}>
                  {(remain.data ?? []).map((proxy) => {
                    const group = groupName(groups.data ?? [], proxy);
                    return <Checkbox key={proxy.id} value={proxy.id} label={group ? `${proxy.name} (${group})` : proxy.name} />;
                  })}
                </Stack>
              </Checkbox.Group>
              <Group>
                <Button
                  disabled={chosen.length === 0}
                  loading={save.isPending}
                  onClick={() =>
                    save.mutate([...(all.data ?? []).map((p) => p.id), ...chosen], {
                      onSuccess: () => {
                        notifySaved(t("gateway.connectedCount", { count: chosen.length }));
                        setChosen([]);
                      },
                    })
                  }
                >
                  {t("gateway.connect", { count: chosen.length })}
                </Button>
              </Group>
              {save.isError && <Alert color="red">{errorText(save.error)}</Alert>}
            </Stack>
          )
        }
      </Loaded>
    </Section>
  );
}

export function PaymentGatewayPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={1000} mx="auto">
      <Anchor component={Link} to="/settings" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          {t("account.hub.back")}
        </Group>
      </Anchor>
      <div>
        <Title order={1} fz="h2">
          {t("gateway.title")}
        </Title>
        <Text c="dimmed">{t("gateway.subtitle")}</Text>
      </div>
      <Connected />
      <Groups />
      <Available />
    </Stack>
  );
}
