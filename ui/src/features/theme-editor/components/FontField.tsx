// A font slot of the typography settings: the family picker (the core resets style, url and key
// when the family changes), the weight picker offering only the weights that family comes in,
// and a sample line in the chosen family and weight, its stylesheet loaded from the font service
// so that the merchant sees the font before the storefront shows it.
import { Paper, Select, Stack, Text } from "@mantine/core";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { FontSlot, ThemeErrorBody } from "../../../core/theme";
import { fontChoices, fontWeightChoice } from "../../../core/theme";
import { segmentsOf } from "../store/paths";
import { FieldError, useRun } from "./FieldParts";
import { addStylesheet, familyWeights, fontSample } from "./fontSample";

/** A font slot: the family picker resets style, url and key; the weight picker sets them. */
export function FontField({ label, path, value }: { label: string; path: string; value: Record<string, unknown> }) {
  const run = useRun();
  const { t } = useTranslation();
  const [error, setError] = useState<ThemeErrorBody | null>(null);
  const slot = segmentsOf(path).pop() as FontSlot;
  const choices = useMemo(() => fontChoices(), []);
  const family = typeof value.font === "string" ? value.font : "";
  const style = typeof value.style === "string" ? value.style : "";
  const weights = familyWeights(choices, family);
  // A weight stored before the picker knew each family's weights, which the family lacks.
  const unavailable = style !== "" && family !== "" && !weights.some((weight) => weight.style === style);
  const sample = fontSample(choices, family, style);
  const url = sample?.url;
  useEffect(() => {
    if (url) addStylesheet(url);
  }, [url]);
  return (
    <Paper withBorder p="xs" data-testid={`font-${slot}`}>
      <Stack gap={6}>
        <Select
          label={label}
          searchable
          data={choices.families.map((choice) => choice.family)}
          value={family || null}
          allowDeselect={false}
          onChange={(next) => next && setError(run({ kind: "chooseFontFamily", slot, family: next }))}
        />
        <Select
          label={t("editor.fontWeight")}
          data={weights.map((weight) => ({ value: weight.style, label: weight.label }))}
          value={style && !unavailable ? style : null}
          placeholder={t("editor.chooseWeight")}
          disabled={weights.length === 0}
          error={unavailable ? t("editor.errors.font_weightUnavailable") : undefined}
          onChange={(next) => {
            const choice = next ? fontWeightChoice(family, next) : null;
            if (choice) setError(run({ kind: "chooseFontWeight", slot, ...choice }));
          }}
        />
        {sample && (
          <Text data-testid={`font-sample-${slot}`} style={sample.style} size="lg" lineClamp={1}>
            {t("editor.fontSample")}
          </Text>
        )}
        <FieldError error={error} />
      </Stack>
    </Paper>
  );
}
