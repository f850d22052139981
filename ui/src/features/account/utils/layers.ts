// The layers of a personalized product as the form edits them. The server keeps each layer as
// a JSON object (the demo data's shape: `{"type":"text","label":"Name","maxLength":20,
// "font":"Pacifico"}`); these are the fields the form reads and writes, and anything else a
// layer carries is kept as it was.
export type LayerKind = "text" | "image";

export interface Layer {
  kind: LayerKind;
  label: string;
  /** The font of a text layer, by its name in /personalizes/font. */
  font: string;
  /** The most characters a shopper may type in a text layer; 0 for no limit. */
  maxLength: number;
  required: boolean;
  /** The layer's other fields, untouched. */
  rest: Record<string, unknown>;
}

export function newLayer(kind: LayerKind): Layer {
  return { kind, label: "", font: "", maxLength: kind === "text" ? 20 : 0, required: true, rest: {} };
}

/** Reads a stored layer; unknown or missing fields take the defaults. */
export function readLayer(value: unknown): Layer {
  const object = typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const { type, label, font, maxLength, required, ...rest } = object;
  return {
    kind: type === "image" ? "image" : "text",
    label: typeof label === "string" ? label : "",
    font: typeof font === "string" ? font : "",
    maxLength: typeof maxLength === "number" && Number.isFinite(maxLength) ? maxLength : 0,
    required: required !== false,
    rest,
  };
}

/** The layer as sent: a text layer's font and limit, only when set. */
export function writeLayer(layer: Layer): Record<string, unknown> {
  const out: Record<string, unknown> = { ...layer.rest, type: layer.kind, label: layer.label.trim(), required: layer.required };
  if (layer.kind === "text") {
    if (layer.font) out.font = layer.font;
    if (layer.maxLength > 0) out.maxLength = layer.maxLength;
  }
  return out;
}
