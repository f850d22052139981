// The one module that loads the WASM core. Every rule of the spec the UI needs is asked of it
// here, with the types generated from the Rust shared-types crate.
import * as wasm from "../wasm/core_wasm";
import type { ChangePasswordForm } from "../types/generated/ChangePasswordForm";
import type { DisplaySettings } from "../types/generated/DisplaySettings";
import type { ForgotPasswordForm } from "../types/generated/ForgotPasswordForm";
import type { FieldError } from "../types/generated/FieldError";
import type { FormVerdict } from "../types/generated/FormVerdict";
import type { Greeting } from "../types/generated/Greeting";
import type { LoginCheck } from "../types/generated/LoginCheck";
import type { LoginForm } from "../types/generated/LoginForm";
import type { Menu } from "../types/generated/Menu";
import type { MenuContext } from "../types/generated/MenuContext";
import type { OnboardingConfig } from "../types/generated/OnboardingConfig";
import type { OnboardingView } from "../types/generated/OnboardingView";
import type { PagePreferenceChoices } from "../types/generated/PagePreferenceChoices";
import type { PayoutProblem } from "../types/generated/PayoutProblem";
import type { Rank } from "../types/generated/Rank";
import type { RegisterForm } from "../types/generated/RegisterForm";
import type { ResetPasswordForm } from "../types/generated/ResetPasswordForm";
import type { RouteInfo } from "../types/generated/RouteInfo";
import type { SessionSnapshot } from "../types/generated/SessionSnapshot";
import type { SessionVerdict } from "../types/generated/SessionVerdict";
import type { ShellConstants } from "../types/generated/ShellConstants";
import type { StaffInvitationForm } from "../types/generated/StaffInvitationForm";

export type { FieldError } from "../types/generated/FieldError";
export type {
  ChangePasswordForm,
  DisplaySettings,
  ForgotPasswordForm,
  FormVerdict,
  Greeting,
  LoginCheck,
  LoginForm,
  Menu,
  MenuContext,
  OnboardingConfig,
  OnboardingView,
  PagePreferenceChoices,
  PayoutProblem,
  Rank,
  RegisterForm,
  ResetPasswordForm,
  RouteInfo,
  SessionSnapshot,
  SessionVerdict,
  ShellConstants,
  StaffInvitationForm,
};
export * from "./analytics";
export * from "./catalog";
export * from "./commerce";
export * from "./records";
export * from "./reports";

/** Judges the login form: trimmed values and the first failing rule of each field. */
export function checkLogin(form: LoginForm): LoginCheck {
  return wasm.checkLogin(form) as LoginCheck;
}

/** Judges a password chosen for a new account outside sign-up (an accepted invitation). */
export function checkNewPassword(password: string): FieldError | null {
  return (wasm.checkNewPassword(password) as FieldError | undefined) ?? null;
}

/** Judges the first name the survey asks a new merchant. */
export function checkFirstName(name: string): FieldError | null {
  return (wasm.checkFirstName(name) as FieldError | undefined) ?? null;
}

/** Judges the sign-up form. */
export function checkRegister(form: RegisterForm): FormVerdict<RegisterForm> {
  return wasm.checkRegister(form) as FormVerdict<RegisterForm>;
}

/** Judges the forgot-password form. */
export function checkForgotPassword(form: ForgotPasswordForm): FormVerdict<ForgotPasswordForm> {
  return wasm.checkForgotPassword(form) as FormVerdict<ForgotPasswordForm>;
}

/** Judges the reset-password form. */
export function checkResetPassword(form: ResetPasswordForm): FormVerdict<ResetPasswordForm> {
  return wasm.checkResetPassword(form) as FormVerdict<ResetPasswordForm>;
}

/** Judges the change-password form. */
export function checkChangePassword(form: ChangePasswordForm): FormVerdict<ChangePasswordForm> {
  return wasm.checkChangePassword(form) as FormVerdict<ChangePasswordForm>;
}

/** Judges the staff invitation form. */
export function checkStaffInvitation(form: StaffInvitationForm): FormVerdict<StaffInvitationForm> {
  return wasm.checkStaffInvitation(form) as FormVerdict<StaffInvitationForm>;
}

/** Why a card would be refused in the given month (`now` is the browser's date), or null. */
export function checkCard(holder: string, number: string, expMonth: number, expYear: number, now: Date): PayoutProblem | null {
  return wasm.checkCard(holder, number, expMonth, expYear, now.getFullYear(), now.getMonth() + 1) as PayoutProblem | null;
}

/** Why a payout amount would be refused (the balance aside), or null. */
export function checkPayoutAmount(amount: number, currency: string): PayoutProblem | null {
  return wasm.checkPayoutAmount(amount, currency) as PayoutProblem | null;
}

/** The problem of a staff member's scopes (at least one, each a role key), or null. */
export function checkScopes(scopes: string[]): string | null {
  return wasm.checkScopes(scopes) ?? null;
}

/** The scopes a member may grant, invite with or take away: every one for the owner. */
export function grantableScopes(isOwner: boolean, held: string[]): string[] {
  return wasm.grantableScopes(isOwner, held);
}

/** The dashboard greeting for a local hour (0 to 23) and the user's names. */
export function greeting(hour: number, firstName?: string | null, lastName?: string | null): Greeting {
  return wasm.greeting(hour, firstName ?? null, lastName ?? null) as Greeting;
}

/** The user's display name: first and last name, or "User" when both are missing. */
export function fullName(firstName?: string | null, lastName?: string | null): string {
  return wasm.fullName(firstName ?? null, lastName ?? null);
}

/** The drawer's menu for a user in a store. */
export function menu(context: MenuContext): Menu {
  return wasm.menu(context) as Menu;
}

/** Whether a user holding `scopes` may open the route named `route` (no-access otherwise). */
export function mayOpen(route: string, scopes: string[]): boolean {
  return wasm.mayOpen(route, scopes);
}

/** Where a user lands after signing in: the dashboard, else the first screen their menu lets
 * them open, else no-access. */
export function landingPath(context: MenuContext): string {
  return wasm.landingPath(context);
}

/** The admin path to go back to after signing in again, or null when `candidate` is not a
 * safe path of this admin (another origin, a sign-in page). */
export function returnPath(candidate: string): string | null {
  return wasm.returnPath(candidate) ?? null;
}

/** Every named route with its path, role key and full-screen flag. */
export function routes(): RouteInfo[] {
  return wasm.routes() as RouteInfo[];
}

let paths: Map<string, string> | null = null;

/** The path of a named route, or null when there is none; the table is fixed, read once. */
export function routePath(name: string): string | null {
  paths ??= new Map(routes().map((route) => [route.name, route.path]));
  return paths.get(name) ?? null;
}

/** Whether the local session is valid, needs renewing, or must end. */
export function judgeSession(session: SessionSnapshot): SessionVerdict {
  return wasm.judgeSession(session) as SessionVerdict;
}

/** Whether the access token is to be renewed before the next call: unreadable, or its lifetime,
 * counted on this device from `receivedAtMs`, nearly over. */
export function accessRenewDue(accessToken: string, receivedAtMs: number | null, nowMs: number): boolean {
  return wasm.accessRenewDue(accessToken, receivedAtMs ?? undefined, nowMs);
}

/** The shell's periods, sizes and defaults. */
export const shellConstants: ShellConstants = wasm.shellConstants() as ShellConstants;

/** Money with the currency sign: `$1,234.50`. */
export function money(amount: number, settings: DisplaySettings = { currencySign: null, currencyCode: null }): string {
  return wasm.money(amount, settings);
}

/** Money with the currency code: `1,234.50 USD`. */
export function moneyWithCode(amount: number, settings: DisplaySettings = { currencySign: null, currencyCode: null }): string {
  return wasm.moneyWithCode(amount, settings);
}

/** The subdomain a new store of this name gets when it is free (never a reserved one). */
export function subdomainFor(name: string): string {
  return wasm.subdomainFor(name);
}

/** The reserved subdomain (admin, www, ...) this name would have made, or null. */
export function reservedSubdomainOf(name: string): string | null {
  return wasm.reservedSubdomainOf(name) ?? null;
}

/** The page title for a store subdomain. */
export function pageTitle(subdomain: string): string {
  return wasm.pageTitle(subdomain);
}

/** The onboarding popup as drawn. */
export function onboardingView(config: OnboardingConfig, storeDomain: string): OnboardingView {
  return wasm.onboardingView(config, storeDomain) as OnboardingView;
}

/** The rank badge of a subscription code, or null. */
export function rankBadge(code: string): Rank | null {
  return wasm.rankBadge(code) as Rank | null;
}

/** The values each choice of a page preference may take. */
export const pagePreferenceChoices: PagePreferenceChoices = wasm.pagePreferenceChoices() as PagePreferenceChoices;
