// The translated message of a field error from the core, or nothing.
import type { FieldError } from "../../../core";
import { translateCore } from "../../../i18n";

export function fieldError(errors: Record<string, FieldError | undefined> | null, field: string): string | undefined {
  const error = errors?.[field];
  return error ? translateCore(error.code, error.message, { limit: error.limit }) : undefined;
}
