// Placeholders shown while data loads, sized like what replaces them.
import { Center, Group, Loader, Paper, Skeleton, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { PAGE_WIDTH } from "./widths";

/** A page whose data is on its way: a heading and a few blocks. */
export function PageSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" maw={PAGE_WIDTH.list} mx="auto" role="status" aria-busy="true" aria-label={t("app.loading")} data-testid="page-skeleton">
      <Skeleton height={36} width="40%" />
      <Paper withBorder radius="md" p="lg">
        <Stack gap="sm">
          <Skeleton height={16} width="70%" />
          <Skeleton height={16} width="55%" />
          <Skeleton height={16} width="62%" />
        </Stack>
      </Paper>
    </Stack>
  );
}

/** The rows of a table that is loading: `rows` lines of `columns` cells. */
export function RowsSkeleton({ rows, columns }: { rows: number; columns: number }) {
  return (
    <Stack gap={0} aria-busy="true">
      {Array.from({ length: rows }, (_, row) => (
        <Group key={row} gap="md" h={41} wrap="nowrap" px="sm">
          {Array.from({ length: columns }, (_, column) => (
            <Skeleton key={column} height={12} style={{ flex: 1 }} />
          ))}
        </Group>
      ))}
    </Stack>
  );
}

/** A whole screen on its way (a full-screen editor's or a sign-in form's code): a spinner in
 * the middle of an empty screen. */
export function ScreenLoader() {
  const { t } = useTranslation();
  return (
    <Center h="100dvh" aria-busy="true" data-testid="screen-loader">
      <Loader aria-label={t("app.loading")} />
    </Center>
  );
}
