// Live View (website.live-view): the sessions active in the last five minutes, their count in
// large type and two tables, by page and by country, asked again every 30 seconds.
import { Alert, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { RowsSkeleton } from "../../../components/Skeletons";
import { countryName } from "../../../core";
import { errorText } from "../../../lib/errors";
import type { LiveRow } from "../../../types/generated/LiveRow";
import { Section } from "../../../components/records/DetailPage";
import { useLiveView } from "../api/liveView";
import { useFormats } from "../../../hooks/useFormats";
import { PAGE_WIDTH } from "../../../components/widths";

function RowsTable({ rows, header, label }: { rows: LiveRow[] | undefined; header: string; label: (key: string) => string }) {
  const { t } = useTranslation();
  if (!rows) return <RowsSkeleton rows={3} columns={2} />;
  if (rows.length === 0) return <Text c="dimmed">{t("liveView.noRows")}</Text>;
  return (
    <Table verticalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{header}</Table.Th>
          <Table.Th ta="right">{t("liveView.sessions")}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.key}>
            <Table.Td style={{ wordBreak: "break-all" }}>{label(row.key)}</Table.Td>
            <Table.Td ta="right">{row.sessions}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function LiveViewPage() {
  const formats = useFormats();
  const { t } = useTranslation();
  const query = useLiveView();
  const live = query.data;
  const quiet = live !== undefined && live.activeSessions === 0;

  return (
    <Stack gap="md" maw={PAGE_WIDTH.list} mx="auto">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} fz="h2">
          {t("liveView.title")}
        </Title>
        {live && (
          <Text size="sm" c="dimmed">
            {t("liveView.since", { time: formats.date(live.since) })}
          </Text>
        )}
      </Group>
      {query.isError && (
        <Alert color="red" title={t("liveView.loadFailed")}>
          {errorText(query.error)}
        </Alert>
      )}
      <Paper withBorder radius="md" p="lg" component="section" aria-label={t("liveView.active")}>
        <Text size="sm" c="dimmed">
          {t("liveView.active")}
        </Text>
        <Skeleton visible={!live} width={live ? "auto" : 120} mt={4}>
          <Text fz={56} fw={800} lh={1.1} data-testid="live-count">
            {live?.activeSessions ?? 0}
          </Text>
        </Skeleton>
        <Text size="xs" c="dimmed" mt={4}>
          {t("liveView.refresh")}
        </Text>
      </Paper>
      {quiet ? (
        <Paper withBorder radius="md">
          <Stack align="center" gap="xs" py={48} px="md" ta="center">
            <Text fw={700}>{t("liveView.empty")}</Text>
            <Text c="dimmed">{t("liveView.emptyBody")}</Text>
          </Stack>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Section title={t("liveView.pages")}>
            <RowsTable rows={live?.pages} header={t("liveView.page")} label={(key) => key || "/"} />
          </Section>
          <Section title={t("liveView.countries")}>
            <RowsTable rows={live?.countries} header={t("liveView.country")} label={(key) => (key ? countryName(key) : t("liveView.unknown"))} />
          </Section>
        </SimpleGrid>
      )}
    </Stack>
  );
}
