// Names the design editors show: a refusal of the core by its code, a surface by its role and
// place, a layer by what it shows.
import type { TFunction } from "i18next";
import type { Design, DesignErrorBody, DesignKind, Layer, Surface } from "../../../core/designs";

/** A refusal in the user's language, by its code (`layer.max` is `designs.errors.layer_max`);
 * the core's English sentence when the code is new. */
export function errorMessage(t: TFunction, error: DesignErrorBody): string {
  return t(`designs.errors.${error.code.replace(/\./g, "_")}`, { limit: error.limit, defaultValue: error.message });
}

/** "Front", "Cover", "Page 3". */
export function surfaceName(t: TFunction, design: Design, surface: Surface): string {
  if (surface.role === "page") return t("designs.page", { n: design.surfaces.indexOf(surface) });
  return t(`designs.roles.${surface.role}`);
}

/** "Pages 3–4", "Page 3", "Cover", "Front": a view of one or two surfaces. */
export function viewName(t: TFunction, design: Design, view: number[]): string {
  const first = design.surfaces[view[0] ?? 0];
  if (!first) return "";
  if (view.length === 2) return t("designs.spread", { from: view[0], to: view[1] });
  return surfaceName(t, design, first);
}

/** "Text: Hello" or "Image". */
export function layerName(t: TFunction, layer: Layer): string {
  if (layer.content.type === "text") return t("designs.textLayer", { text: layer.content.text.slice(0, 24) });
  return layer.content.alt ? t("designs.imageLayerAlt", { alt: layer.content.alt.slice(0, 24) }) : t("designs.imageLayer");
}

export const KIND_TITLE: Record<DesignKind, string> = {
  print: "designs.kinds.print",
  book: "designs.kinds.book",
  book2: "designs.kinds.book2",
};
