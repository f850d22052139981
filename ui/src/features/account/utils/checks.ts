// The core's rules for the account forms that have no check of their own: a new store's name
// is the sign-up form's store name, and a profile's names are those of a staff invitation (the
// same limits the server applies to PUT /users and POST /users/create-store). Only the fields
// asked about are read from the core's verdict.
import { type FieldError, checkRegister, checkStaffInvitation } from "../../../core";

/** The store name's problem, or null. */
export function checkStoreName(storeName: string): FieldError | null {
  return checkRegister({ email: "", password: "", storeName, code: null }).errors.storeName ?? null;
}

/** The profile names' problems, by field (`firstName`, `lastName`). */
export function checkProfileNames(firstName: string, lastName: string): Record<string, FieldError> {
  const verdict = checkStaffInvitation({ email: "", firstName, lastName, scopes: [] });
  const found: Record<string, FieldError> = {};
  for (const field of ["firstName", "lastName"] as const) {
    const error = verdict.errors[field];
    if (error) found[field] = error;
  }
  return found;
}

/** Whole days left until an ISO date (0 once it has passed); `now` is passed in. */
export function daysLeft(endIso: string, now: number): number {
  const end = Date.parse(endIso);
  if (Number.isNaN(end)) return 0;
  return Math.max(0, Math.ceil((end - now) / 86_400_000));
}
