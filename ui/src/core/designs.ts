// Product design rules of the WASM core: the editors' choices and limits, the default design of
// a kind, where a new layer goes, and the one verdict on every edit (a new design or a refusal).
import * as wasm from "../wasm-editor/core_wasm";
import type { Design } from "../types/generated/Design";
import type { DesignChoices } from "../types/generated/DesignChoices";
import type { DesignCommand } from "../types/generated/DesignCommand";
import type { DesignEditOutcome } from "../types/generated/DesignEditOutcome";
import type { DesignErrorBody } from "../types/generated/DesignErrorBody";
import type { DesignKind } from "../types/generated/DesignKind";
import type { Layer } from "../types/generated/Layer";
import type { LayerContent } from "../types/generated/LayerContent";
import type { Personalization } from "../types/generated/Personalization";
import type { StandardSurfaceSize } from "../types/generated/StandardSurfaceSize";
import type { Surface } from "../types/generated/Surface";
import type { TextContent } from "../types/generated/TextContent";

export type {
  Design,
  DesignChoices,
  DesignCommand,
  DesignEditOutcome,
  DesignErrorBody,
  DesignKind,
  Layer,
  LayerContent,
  Personalization,
  StandardSurfaceSize,
  Surface,
  TextContent,
};

export const designChoices: DesignChoices = wasm.designChoices() as DesignChoices;

/** The design of `kind` before anything is saved. */
export function defaultDesign(kind: DesignKind): Design {
  return wasm.defaultDesign(kind) as Design;
}

/** A new text's look on `surface`. */
export function defaultText(surface: Surface, text: string): TextContent {
  return wasm.defaultText(surface, text) as TextContent;
}

/** What the shopper is asked when a text becomes personalizable. */
export function defaultPersonalization(text: TextContent, label: string): Personalization {
  return wasm.defaultPersonalization(text, label) as Personalization;
}

/** A new layer placed on `surface` (`aspect`: an image's width over height). */
export function placeLayer(surface: Surface, id: string, content: LayerContent, aspect?: number): Layer {
  return wasm.placeLayer(surface, id, content, aspect) as Layer;
}

/** `layer` brought inside `surface`: moved within its edges (`keepSize`, a drag) or shrunk to
 * fit (a resize). */
export function fitLayer(surface: Surface, layer: Layer, keepSize: boolean): Layer {
  return wasm.fitLayer(surface, layer, keepSize) as Layer;
}

/** The core's verdict on an edit: the new design, or the rule it breaks. */
export function applyDesign(design: Design, command: DesignCommand): DesignEditOutcome {
  return wasm.applyDesign(design, command) as DesignEditOutcome;
}

/** The views of a design, as lists of surface indices: areas, pages, or the cover and spreads. */
export function designViews(design: Design): number[][] {
  return wasm.designViews(design) as number[][];
}
