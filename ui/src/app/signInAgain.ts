// Where a session that ended sends the user: the sign-in page, carrying the page they were on
// so that signing in again returns there (issue 28). Only a path the core finds a safe admin
// path travels; anything else (another origin) is dropped.
import { returnPath } from "../core";

/** The sign-in page's address for a session that ended on the page at `location` (the current
 * one by default): it carries that page, when the core finds it a safe admin path, to return
 * to after signing in again. */
export function signInAgainPath(location: { pathname: string; search: string; hash: string } = window.location): string {
  const base = import.meta.env.BASE_URL.replace(/\/$/, "");
  const inAdmin = location.pathname === base || location.pathname.startsWith(`${base}/`);
  const path = inAdmin ? location.pathname.slice(base.length) || "/" : location.pathname;
  const back = returnPath(`${path}${location.search}${location.hash}`);
  return back && back !== "/" ? `/auth/login?next=${encodeURIComponent(back)}` : "/auth/login";
}
