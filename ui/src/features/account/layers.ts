// The layers of a personalized product as the form edits them. The server keeps each layer as
// a JSON object; these are the fields the form reads and writes, and anything else a layer
// carries is kept as it was.
export type LayerKind = "text" | "image";

export interface Layer {
  kind: LayerKind;
  label: string;
  /** The font of a text layer (a font id of /personalizes/font). */
  fontId: string;
  /** The most characters a shopper may type in a text layer; 0 for no limit. */
  maxLength: number;
  required: boolean;
  /** The layer's other fields, untouched. */
  rest: Record<string, unknown>;
}

export function newLayer(kind: LayerKind): Layer {
  return { kind, label: "", fontId: "", maxLength: kind === "text" ? 20 : 0, required: true, rest: {} };
}

/** Reads a stored layer; unknown or missing fields take the defaults. */
export function readLayer(value: unknown): Layer {
  const object = typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const { kind, label, fontId, maxLength, required, ...rest } = object;
  return {
    kind: kind === "image" ? "image" : "text",
    label: typeof label === "string" ? label : "",
    fontId: typeof fontId === "string" ? fontId : "",
    maxLength: typeof maxLength === "number" && Number.isFinite(maxLength) ? maxLength : 0,
    required: required !== false,
    rest,
  };
}

/** The layer as sent: a text layer's font and limit, only when set. */
export function writeLayer(layer: Layer): Record<string, unknown> {
  const out: Record<string, unknown> = { ...layer.rest, kind: layer.kind, label: layer.label.trim(), required: layer.required };
  if (layer.kind === "text") {
    if (layer.fontId) out.fontId = layer.fontId;
    if (layer.maxLength > 0) out.maxLength = layer.maxLength;
  }
  return out;
}
