// A product's options (Size, Colour ...) with their values, up to the core's limits. Every change
// goes through `onChange`, which makes the variants again; a change that would make more
// variants than the core allows is refused, with the core's message under the values typed.
import { ActionIcon, Button, Group, Paper, Stack, TagsInput, Text, TextInput } from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { productLimits } from "../../../core";
import type { ProductOption } from "../../../types/generated/ProductOption";

export function ProductOptions({
  options,
  onChange,
  errorAt,
}: {
  options: ProductOption[];
  /** Applies the options (and the variants they make); answers the refusal's text, if any. */
  onChange: (options: ProductOption[]) => string | null;
  errorAt: (path: string) => string | undefined;
}) {
  const { t } = useTranslation();
  const [refused, setRefused] = useState<{ index: number; text: string } | null>(null);
  const full = options.length >= productLimits.optionsMax;

  function set(index: number, next: ProductOption[]) {
    const text = onChange(next);
    setRefused(text ? { index, text } : null);
  }

  const listError = errorAt("options");
  return (
    <Stack gap="sm">
      {options.map((option, index) => {
        const n = index + 1;
        return (
          <Paper key={index} withBorder radius="md" p="sm" data-testid="product-option">
            <Group align="flex-start" gap="sm" wrap="nowrap">
              <TextInput
                w={170}
                label={t("products.options.name")}
                aria-label={t("products.options.nameOf", { n })}
                placeholder={t("products.options.namePlaceholder")}
                value={option.name}
                error={errorAt(`options.${index}.name`)}
                onChange={(event) =>
                  set(
                    index,
                    options.map((o, i) => (i === index ? { ...o, name: event.currentTarget.value } : o)),
                  )
                }
              />
              <TagsInput
                style={{ flex: 1 }}
                label={t("products.options.values")}
                aria-label={t("products.options.valuesOf", { n })}
                description={t("products.options.valuesHint")}
                value={option.values}
                maxTags={productLimits.optionValuesMax}
                error={(refused?.index === index ? refused.text : undefined) ?? errorAt(`options.${index}.values`)}
                onChange={(values) =>
                  set(
                    index,
                    options.map((o, i) => (i === index ? { ...o, values } : o)),
                  )
                }
              />
              <ActionIcon
                mt={26}
                variant="subtle"
                color="red"
                aria-label={t("products.options.remove", { n })}
                onClick={() =>
                  set(
                    index,
                    options.filter((_, i) => i !== index),
                  )
                }
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          </Paper>
        );
      })}
      {listError && (
        <Text size="sm" c="red">
          {listError}
        </Text>
      )}
      <Group gap="sm">
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          disabled={full}
          onClick={() => set(options.length, [...options, { name: "", values: [] }])}
        >
          {t("products.options.add")}
        </Button>
        <Text size="xs" c="dimmed">
          {t("products.options.hint", { max: productLimits.optionsMax })}
        </Text>
      </Group>
    </Stack>
  );
}
