// A font slot of the typography settings: the family picker resets style, url and key; the
// weight picker sets them from the core's `fontWeightChoice`.
import { Paper, Select, Stack } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ThemeErrorBody } from "../../../core/theme";
import { fontChoices, fontWeightChoice } from "../../../core/theme";
import type { FontSlot } from "../../../types/generated/FontSlot";
import { segmentsOf } from "../store/paths";
import { FieldError, useRun } from "./FieldParts";

/** A font slot: the family picker resets style, url and key; the weight picker sets them. */
export function FontField({ label, path, value }: { label: string; path: string; value: Record<string, unknown> }) {
  const run = useRun();
  const { t } = useTranslation();
  const [error, setError] = useState<ThemeErrorBody | null>(null);
  const slot = segmentsOf(path).pop() as FontSlot;
  const choices = fontChoices();
  const family = typeof value.font === "string" ? value.font : "";
  return (
    <Paper withBorder p="xs" data-testid={`font-${slot}`}>
      <Stack gap={6}>
        <Select
          label={label}
          searchable
          data={choices.families}
          value={family || null}
          allowDeselect={false}
          onChange={(next) => next && setError(run({ kind: "chooseFontFamily", slot, family: next }))}
        />
        <Select
          label={t("editor.fontWeight")}
          data={choices.weights.map((w) => ({ value: w.style, label: w.label }))}
          value={typeof value.style === "string" && value.style ? value.style : null}
          placeholder={t("editor.chooseWeight")}
          disabled={!family}
          onChange={(style) => {
            const choice = style ? fontWeightChoice(family, style) : null;
            if (choice) setError(run({ kind: "chooseFontWeight", slot, ...choice }));
          }}
        />
        <FieldError error={error} />
      </Stack>
    </Paper>
  );
}
