// A figure's percent change (editor-and-analytics.md §4): an up arrow in green or a down arrow
// in red with the comparison's text; nothing at all when the change is zero.
import { Group, Text } from "@mantine/core";
import { IconArrowDownRight, IconArrowUpRight } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useFormats } from "../../../hooks/useFormats";

export function Change({ value, against }: { value: number | undefined; against: string | null }) {
  const { t } = useTranslation();
  const formats = useFormats();
  if (against === null || value === undefined || value === 0 || !Number.isFinite(value)) return null;
  const up = value > 0;
  const percent = formats.number(Math.abs(value), 2);
  const Arrow = up ? IconArrowUpRight : IconArrowDownRight;
  return (
    <Group gap={4} wrap="nowrap" data-testid="change">
      <Text
        component="span"
        size="sm"
        fw={600}
        c={up ? "teal.9" : "red.9"}
        style={{ display: "inline-flex", alignItems: "center" }}
        aria-label={t(up ? "overview.changeUp" : "overview.changeDown", { percent })}
        data-direction={up ? "up" : "down"}
      >
        <Arrow size={16} aria-hidden />
        {percent}%
      </Text>
      <Text component="span" size="sm" c="dimmed">
        {against}
      </Text>
    </Group>
  );
}
