// What the sign-in pages pass on from one to the next (login, shop choice, survey).
import { returnPath } from "../../../core";

/** What the sign-in pages pass on to the next one: a safe page to return to, and whether the
 * user has just signed up. */
export function onwardQuery(params: URLSearchParams): string {
  const onward = new URLSearchParams();
  const next = returnPath(params.get("next") ?? "");
  if (next) onward.set("next", next);
  if (params.get("register")) onward.set("register", "1");
  const query = onward.toString();
  return query ? `?${query}` : "";
}

/** Where the user goes once the shop is chosen and its survey done: the page to return to when
 * the core finds it safe, else the dashboard (which lands staff on their first screen). */
export function destination(params: URLSearchParams): string {
  return returnPath(params.get("next") ?? "") ?? "/";
}
