// The home dashboard (shell.md §2): the greeting by the browser's local hour (from the core),
// today's sales and orders, the open orders, and the launch line. While data loads, skeletons
// cover placeholders of the same text size, so nothing moves when the numbers arrive. Below,
// the help base's home content as a help card.
import { Alert, Anchor, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import { IconArrowRight } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { greeting } from "../../../core";
import { useUserInfo } from "../../../hooks/useStoreData";
import { translateCore } from "../../../i18n";
import { errorText } from "../../../lib/errors";
import { useDashboardTotals } from "../api/useDashboardTotals";
import { HelpCard } from "./HelpCard";
import { useFormats } from "../../../hooks/useFormats";
import { useOpenable } from "../../../hooks/useOpenable";
import { PAGE_WIDTH } from "../../../components/widths";

/** A figure of the day; with `to`, the whole tile opens that screen (the Overview). */
function Tile({ label, value, loading, to, more }: { label: string; value: string; loading: boolean; to?: string | null; more?: string }) {
  const inner = (
    <>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Skeleton visible={loading} width={loading ? "50%" : undefined} mt={4}>
        <Text fz="xl" fw={700}>
          {loading ? "\u00a0" : value}
        </Text>
      </Skeleton>
      {to && more && (
        <Group gap={4} mt={6} c="blue">
          <Text size="sm">{more}</Text>
          <IconArrowRight size={14} aria-hidden />
        </Group>
      )}
    </>
  );
  return to ? (
    <Paper withBorder radius="md" p="lg" component={Link} to={to} style={{ textDecoration: "none", color: "inherit" }} className="tile-link">
      {inner}
    </Paper>
  ) : (
    <Paper withBorder radius="md" p="lg">
      {inner}
    </Paper>
  );
}

export function HomePage() {
  const formats = useFormats();
  const { t } = useTranslation();
  const user = useUserInfo();
  const totals = useDashboardTotals();
  const hello = user.data ? greeting(new Date().getHours(), user.data.firstName, user.data.lastName) : null;
  const data = totals.data;
  // The limited menu has no Overview entry (shell.md §6): the day's figures are its door.
  const overview = useOpenable("website.analytics");

  return (
    <Stack gap="lg" maw={PAGE_WIDTH.list} mx="auto">
      <Paper withBorder radius="md" p="xl">
        {user.isError ? (
          <Alert color="red" title={t("home.failed")}>
            {errorText(user.error)}
          </Alert>
        ) : (
          <Skeleton visible={!hello} width={hello ? undefined : "60%"}>
            <Title order={1} fz="h2" aria-busy={!hello}>
              {hello ? translateCore(`greeting.${hello.period}`, hello.text, { name: hello.fullName }) : "\u00a0"}
            </Title>
          </Skeleton>
        )}
        <Text c="dimmed" mt="sm">
          {t("home.readyToLaunch")}
        </Text>
      </Paper>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Tile
          label={t("home.todaySales")}
          loading={totals.isPending}
          to={overview}
          more={t("home.openOverview")}
          value={data && data.total_sales > 0 ? formats.money(data.total_sales) : t("home.noSales")}
        />
        <Tile
          label={t("home.totalOrders")}
          loading={totals.isPending}
          to={overview}
          more={t("home.openOverview")}
          value={data && data.total_orders > 0 ? t("home.orders", { count: data.total_orders }) : t("home.noOrders")}
        />
      </SimpleGrid>
      {data && data.test_orders > 0 && (
        // Test orders are left out of the day's figures, as in the Overview: said, with a door.
        <Text size="sm" c="dimmed" data-test-orders>
          {t("home.testOrders", { count: data.test_orders })}{" "}
          {overview && (
            <Anchor component={Link} to={`${overview}?test_orders=true`} size="sm" underline="always">
              {t("home.includeTestOrders")}
            </Anchor>
          )}
        </Text>
      )}
      <Skeleton visible={!data} width={data ? undefined : 160}>
        {data ? (
          // The open orders are the real unfulfilled ones: the link opens that filter.
          <Anchor component={Link} to="/orders?fulfillmentStatus=unfulfilled&test=exclude" display="inline-block" data-open-orders>
            {t("home.openOrders", { count: data.open_orders })}
          </Anchor>
        ) : (
          <Text>{"\u00a0"}</Text>
        )}
      </Skeleton>
      <HelpCard />
    </Stack>
  );
}
