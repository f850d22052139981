// The home dashboard (shell.md §2): the greeting by the browser's local hour (from the core),
// today's sales and orders, the open orders, and the launch line.
import { Alert, Anchor, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { greeting, money } from "../../../core";
import { useUserInfo } from "../../../hooks/useStoreData";
import { translateCore } from "../../../i18n";
import { errorText } from "../../../lib/errors";
import { useDashboardTotals } from "../api/useDashboardTotals";

function Tile({ label, value, loading }: { label: string; value: string; loading: boolean }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {loading ? <Skeleton height={28} mt={6} width="50%" /> : <Text fz="xl" fw={700} mt={4}>{value}</Text>}
    </Paper>
  );
}

export function HomePage() {
  const { t } = useTranslation();
  const user = useUserInfo();
  const totals = useDashboardTotals();
  const hello = user.data ? greeting(new Date().getHours(), user.data.firstName, user.data.lastName) : null;
  const data = totals.data;

  return (
    <Stack gap="lg" maw={1100} mx="auto">
      <Paper withBorder radius="md" p="xl">
        {user.isPending && <Skeleton height={32} width="60%" aria-busy="true" />}
        {user.isError && (
          <Alert color="red" title={t("home.failed")}>
            {errorText(user.error)}
          </Alert>
        )}
        {hello && (
          <Title order={1} fz="h2">
            {translateCore(`greeting.${hello.period}`, hello.text, { name: hello.fullName })}
          </Title>
        )}
        <Text c="dimmed" mt="sm">
          {t("home.readyToLaunch")}
        </Text>
      </Paper>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Tile
          label={t("home.todaySales")}
          loading={totals.isPending}
          value={data && data.total_sales > 0 ? money(data.total_sales) : t("home.noSales")}
        />
        <Tile
          label={t("home.totalOrders")}
          loading={totals.isPending}
          value={data && data.total_orders > 0 ? t("home.orders", { count: data.total_orders }) : t("home.noOrders")}
        />
      </SimpleGrid>
      {data && (
        <Anchor component={Link} to="/orders">
          {t("home.openOrders", { count: data.open_orders })}
        </Anchor>
      )}
    </Stack>
  );
}
