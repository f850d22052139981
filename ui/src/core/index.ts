// The one module that loads the WASM core. Every rule of the spec the UI needs is asked of it
// here, with the types generated from the Rust shared-types crate.
import * as wasm from "../wasm/core_wasm";
import type { Greeting } from "../types/generated/Greeting";
import type { LoginCheck } from "../types/generated/LoginCheck";
import type { LoginForm } from "../types/generated/LoginForm";

export type { FieldError } from "../types/generated/FieldError";
export type { Greeting, LoginCheck, LoginForm };

/** Judges the login form: trimmed values and the first failing rule of each field. */
export function checkLogin(form: LoginForm): LoginCheck {
  return wasm.checkLogin(form) as LoginCheck;
}

/** The dashboard greeting for a local hour (0 to 23) and the user's names. */
export function greeting(hour: number, firstName?: string | null, lastName?: string | null): Greeting {
  return wasm.greeting(hour, firstName ?? null, lastName ?? null) as Greeting;
}

/** The user's display name: first and last name, or "User" when both are missing. */
export function fullName(firstName?: string | null, lastName?: string | null): string {
  return wasm.fullName(firstName ?? null, lastName ?? null);
}
