// Block 4: "Online store visits by location": the doughnut (loaded lazily) and a legend that
// lists each country (Unknown when it has no name, by the core) and its sessions.
import { Box, ColorSwatch, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import { Suspense, lazy, memo, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { countryName } from "../../../core";
import type { LocationRow } from "../../../types/generated/LocationRow";
import { useFormats } from "../../../hooks/useFormats";

const LocationsChart = lazy(() => import("./LocationsChart"));

const PALETTE = ["#228be6", "#15aabf", "#40c057", "#fab005", "#fd7e14", "#fa5252", "#be4bdb", "#7950f2", "#4c6ef5", "#82c91e"];

export const LocationsPanel = memo(function LocationsPanel({ rows }: { rows: LocationRow[] | undefined }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const unknown = t("overview.unknown");
  const slices = useMemo(
    () =>
      (rows ?? []).map((row, i) => ({
        key: row.key,
        // The core names the country, or answers its "Unknown", shown in the page's language.
        name: row.key && countryName(row.key) !== countryName("") ? countryName(row.key) : unknown,
        value: row.session_count.value,
        color: PALETTE[i % PALETTE.length] ?? "#228be6",
      })),
    [rows, unknown],
  );

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="overview-locations">
      <Stack gap="md">
        <Title order={2} fz="h4" id="overview-locations">
          {t("overview.locationsTitle")}
        </Title>
        {!rows ? (
          <Skeleton height={220} />
        ) : slices.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl" data-testid="locations-empty">
            {t("overview.noVisits")}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Suspense fallback={<Skeleton height={220} circle mx="auto" />}>
              <LocationsChart slices={slices} label={t("overview.locationsTitle")} />
            </Suspense>
            <Box component="ul" m={0} p={0} style={{ listStyle: "none", alignSelf: "center" }} data-testid="locations-legend">
              {slices.map((slice) => (
                <Group component="li" key={slice.key || "unknown"} justify="space-between" gap="sm" py={4} wrap="nowrap">
                  <Group gap="xs" wrap="nowrap">
                    <ColorSwatch color={slice.color} size={12} aria-hidden />
                    <Text size="sm">{slice.name}</Text>
                  </Group>
                  <Text size="sm" fw={600}>
                    {formats.number(slice.value)}
                  </Text>
                </Group>
              ))}
            </Box>
          </SimpleGrid>
        )}
      </Stack>
    </Paper>
  );
});
