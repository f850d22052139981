// A product's form (website.products.create and website.products.update): title, description,
// images (uploaded, described, ordered by dragging), prices, the weight of a unit (for rates by
// weight), options and the variants they make (price, compare-at price, SKU and stock each),
// status, tags and handle. The core checks it before it is sent and, after a refused save, puts
// its verdict under each field.
import { NumberInput, Select, SimpleGrid, Stack, TagsInput, Text, TextInput, Title } from "@mantine/core";
import { type ReactNode, useId, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { checkProductFields, contentChoices, variantsForOptions } from "../../../core";
import { translateCore } from "../../../i18n";
import type { FieldProblem } from "../../../types/generated/FieldProblem";
import type { ProductInput } from "../../../types/generated/ProductInput";
import type { ProductOption } from "../../../types/generated/ProductOption";
import { FormPage } from "../../../components/records/FormPage";
import { PlanLimitNotice } from "../../../components/PlanLimitNotice";
import { RichTextField } from "../../../components/rich-text/RichTextField";
import { useRecordPage } from "../../../components/records/useRecordPage";
import { productInput, products } from "../api/products";
import { ProductDesignLinks } from "./ProductDesignLinks";
import { ProductPersonalizations } from "./ProductPersonalizations";
import { ProductImages } from "./ProductImages";
import { ProductOptions } from "./ProductOptions";
import { ProductVariants } from "./ProductVariants";
import { distinct, problemsByPath } from "../utils/productForm";
import { useFormats } from "../../../hooks/useFormats";
import { MoneyInput } from "../../../components/MoneyInput";

const EMPTY: ProductInput = {
  title: "",
  descriptionHtml: "",
  images: [],
  price: 0,
  options: [],
  variants: [],
  tags: [],
  status: "active",
};

function say(problem: FieldProblem): string {
  return translateCore(problem.code, problem.message, { limit: problem.limit });
}

/** The core's problems as the form's alert lists them (prices in the store's currency):
 * translated, each said once. */
function check(input: ProductInput, currency: string): string[] {
  return distinct(checkProductFields(input, currency).map(say));
}

/** A titled part of the form (a region named by its heading). */
function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  const id = useId();
  return (
    <Stack component="section" aria-labelledby={id} gap="xs" mt="sm">
      <div>
        <Title order={2} fz="h5" id={id}>
          {title}
        </Title>
        {hint && (
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        )}
      </div>
      {children}
    </Stack>
  );
}

export function ProductFormPage() {
  const { t } = useTranslation();
  const formats = useFormats();
  const currency = formats.currency.code;
  const { id, record, form, formProps } = useRecordPage({
    records: products,
    base: "/products",
    toInput: productInput,
    empty: EMPTY,
    check: (input: ProductInput) => check(input, currency),
  });
  const { input, change, setInput } = form;
  // After a refused save, the core's verdict follows each field as it is corrected.
  const refused = form.problems.length > 0;
  const byPath = useMemo(() => (refused ? problemsByPath(checkProductFields(input, currency)) : new Map<string, FieldProblem>()), [refused, input, currency]);
  const errorAt = (path: string) => {
    const problem = byPath.get(path);
    return problem ? say(problem) : undefined;
  };

  function setOptions(options: ProductOption[]): string | null {
    const made = variantsForOptions(options, input.variants, input.price, input.compareAtPrice);
    if (made.problem) return say(made.problem);
    const variants = made.variants;
    setInput((current) => ({ ...current, options, variants }));
    return null;
  }

  return (
    <FormPage back={{ to: "/products", label: t("products.title") }} title={id ? (record.data?.title ?? t("products.edit")) : t("products.add")} {...formProps}>
      {!id && <PlanLimitNotice what="products" />}
      <TextInput
        label={t("products.fields.title")}
        required
        value={input.title}
        error={errorAt("title")}
        onChange={(e) => change("title", e.currentTarget.value)}
      />
      <RichTextField
        label={t("products.fields.description")}
        value={input.descriptionHtml}
        error={errorAt("descriptionHtml")}
        onChange={(html) => change("descriptionHtml", html)}
      />
      <Section title={t("products.images.title")}>
        <ProductImages images={input.images} update={(edit) => setInput((current) => ({ ...current, images: edit(current.images) }))} errorAt={errorAt} />
      </Section>
      <Section title={t("products.pricing")}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <MoneyInput
            label={t("products.fields.price")}
            description={t("products.fields.priceHint")}
            min={0}
            value={input.price}
            error={errorAt("price")}
            onValue={(value) => change("price", value ?? 0)}
          />
          <MoneyInput
            label={t("products.fields.compareAt")}
            description={t("products.fields.compareAtHint")}
            min={0}
            value={input.compareAtPrice}
            error={errorAt("compareAtPrice")}
            onValue={(value) => change("compareAtPrice", value)}
          />
        </SimpleGrid>
      </Section>
      <Section title={t("products.shipping")}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label={t("products.fields.weight")}
            description={t("products.fields.weightHint")}
            min={0}
            allowDecimal={false}
            value={input.weightGrams ?? ""}
            error={errorAt("weightGrams")}
            onChange={(value) => change("weightGrams", typeof value === "number" ? value : undefined)}
          />
        </SimpleGrid>
      </Section>
      <Section title={t("products.options.title")}>
        <ProductOptions options={input.options} onChange={setOptions} errorAt={errorAt} />
      </Section>
      <Section title={t("products.variants")} hint={input.variants.length > 0 ? t("products.variantsHint") : undefined}>
        {errorAt("variants") && (
          <Text size="sm" c="red">
            {errorAt("variants")}
          </Text>
        )}
        <ProductVariants
          variants={input.variants}
          update={(index, patch) => setInput((current) => ({ ...current, variants: current.variants.map((v, i) => (i === index ? { ...v, ...patch } : v)) }))}
          errorAt={errorAt}
        />
      </Section>
      <Section title={t("products.organisation")}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t("products.status")}
            value={input.status ?? "active"}
            allowDeselect={false}
            error={errorAt("status")}
            data={contentChoices.productStatuses.map((value) => ({ value, label: t(`products.statuses.${value}`) }))}
            onChange={(value) => change("status", value ?? "active")}
          />
          <TextInput
            label={t("products.fields.handle")}
            description={t("products.fields.handleHint")}
            value={input.handle ?? ""}
            error={errorAt("handle")}
            onChange={(e) => change("handle", e.currentTarget.value)}
          />
        </SimpleGrid>
        <TagsInput label={t("products.fields.tags")} value={input.tags} error={errorAt("tags")} onChange={(tags) => change("tags", tags)} />
      </Section>
      {id ? <ProductDesignLinks productId={id} /> : null}
      {id ? <ProductPersonalizations productId={id} /> : null}
    </FormPage>
  );
}
