// Pure helpers of the product form: the core's problems by field, the keys that follow images
// when they are dragged, and the amounts typed in number fields.
import type { FieldProblem } from "../../../types/generated/FieldProblem";
import type { Image } from "../../../types/generated/Image";

/** The first problem of each field, by its path (`variants.2.price`). */
export function problemsByPath(problems: FieldProblem[]): Map<string, FieldProblem> {
  const byPath = new Map<string, FieldProblem>();
  for (const problem of problems) if (!byPath.has(problem.path)) byPath.set(problem.path, problem);
  return byPath;
}

/** Texts without repeats, in their order (two variants with the same problem say it once). */
export function distinct(texts: string[]): string[] {
  return [...new Set(texts)];
}

/** A key per image that stays with it when the list is reordered: its address, numbered when
 * the same address is there twice. */
export function imageKeys(images: Image[]): string[] {
  const seen = new Map<string, number>();
  return images.map((image) => {
    const count = seen.get(image.src) ?? 0;
    seen.set(image.src, count + 1);
    return count === 0 ? image.src : `${image.src}#${count}`;
  });
}

/** A number field's value as an amount: a number, or `undefined` when the field is empty. */
export function amount(value: string | number): number | undefined {
  if (typeof value === "number") return value;
  if (value.trim() === "") return undefined;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : undefined;
}

/** A whole number for an i64 field: the generated types say bigint, JSON carries a number. */
export function wireInteger(value: number): bigint {
  return Math.trunc(value) as unknown as bigint;
}
