// The font-size picker's values: the core's allowed sizes (numbers of pixels) as the CSS
// lengths tiptap's font-size mark writes (`16px`), and back.

/** The picker's value for a text's font size (`16px` is `16`); empty for no size or a size
 * that is not one of `allowed` (which the server would drop). */
export function fontSizeChoice(fontSize: unknown, allowed: readonly number[]): string {
  if (typeof fontSize !== "string") return "";
  const match = /^\s*(\d+)px\s*$/i.exec(fontSize);
  const size = match ? Number(match[1]) : NaN;
  return allowed.includes(size) ? String(size) : "";
}

/** The CSS length of a picked size (`16` is `16px`), or null for the default size. */
export function fontSizeLength(choice: string): string | null {
  return /^\d+$/.test(choice) ? `${choice}px` : null;
}

/** The HTML the form keeps: an empty document is an empty body, not `<p></p>`. */
export function bodyHtml(html: string, empty: boolean): string {
  return empty ? "" : html;
}
