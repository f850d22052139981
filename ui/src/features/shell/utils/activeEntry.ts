// Which drawer entry the current address belongs to: the entry whose path is the longest one
// the address is under, whole segments only. "/orders/abandoned" is Abandoned Checkouts, not
// All Orders ("/orders"); "/orders/detail/o1" is All Orders; the dashboard only at "/".
import type { MenuEntry } from "../../../types/generated/MenuEntry";

function under(pathname: string, path: string): boolean {
  if (path === "/") return pathname === "/";
  return pathname === path || pathname.startsWith(`${path}/`);
}

/** The key of the entry to highlight for `pathname`, or null. */
export function activeEntryKey(entries: MenuEntry[], pathname: string): string | null {
  let best: MenuEntry | null = null;
  const visit = (list: MenuEntry[]) => {
    for (const entry of list) {
      if (entry.path !== null && under(pathname, entry.path) && (best === null || entry.path.length > (best.path ?? "").length)) best = entry;
      visit(entry.items);
    }
  };
  visit(entries);
  return (best as MenuEntry | null)?.key ?? null;
}
