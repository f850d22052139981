// A product's variants, one row per combination of its options' values (the core makes them):
// price, compare-at price, SKU and stock of each, with the core's verdict under each field.
import { NumberInput, Table, Text, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { Variant } from "../../../types/generated/Variant";
import { amount, wireInteger } from "../utils/productForm";
import { MoneyInput } from "../../../components/MoneyInput";

export function ProductVariants({
  variants,
  update,
  errorAt,
}: {
  variants: Variant[];
  /** Changes one variant from the list's latest value. */
  update: (index: number, patch: Partial<Variant>) => void;
  errorAt: (path: string) => string | undefined;
}) {
  const { t } = useTranslation();
  if (variants.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t("products.variantsNone")}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="xs" data-testid="product-variants">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("products.variantColumns.variant")}</Table.Th>
            <Table.Th>{t("products.variantColumns.price")}</Table.Th>
            <Table.Th>{t("products.variantColumns.compareAt")}</Table.Th>
            <Table.Th>{t("products.variantColumns.sku")}</Table.Th>
            <Table.Th>{t("products.variantColumns.stock")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {variants.map((variant, index) => {
            const name = variant.title;
            const at = (field: string) => errorAt(`variants.${index}.${field}`);
            const rowError = at("options") ?? at("title");
            return (
              <Table.Tr key={variant.options.length > 0 ? variant.options.join("\u0000") : `#${index}`}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {name}
                  </Text>
                  {rowError && (
                    <Text size="xs" c="red">
                      {rowError}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td w={130}>
                  <MoneyInput
                    size="xs"
                    aria-label={t("products.variantFields.price", { variant: name })}
                    min={0}
                    hideControls
                    value={variant.price}
                    error={at("price")}
                    onValue={(value) => update(index, { price: value ?? 0 })}
                  />
                </Table.Td>
                <Table.Td w={130}>
                  <MoneyInput
                    size="xs"
                    aria-label={t("products.variantFields.compareAt", { variant: name })}
                    min={0}
                    hideControls
                    value={variant.compareAtPrice}
                    error={at("compareAtPrice")}
                    onValue={(value) => update(index, { compareAtPrice: value })}
                  />
                </Table.Td>
                <Table.Td w={140}>
                  <TextInput
                    size="xs"
                    aria-label={t("products.variantFields.sku", { variant: name })}
                    value={variant.sku}
                    error={at("sku")}
                    onChange={(event) => update(index, { sku: event.currentTarget.value })}
                  />
                </Table.Td>
                <Table.Td w={100}>
                  <NumberInput
                    size="xs"
                    aria-label={t("products.variantFields.stock", { variant: name })}
                    allowDecimal={false}
                    min={0}
                    value={Number(variant.stock)}
                    error={at("stock")}
                    onChange={(value) => update(index, { stock: wireInteger(amount(value) ?? 0) })}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
