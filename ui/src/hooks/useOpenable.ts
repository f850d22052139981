// Where a named route leads, for a door to it from another screen: its path when the signed-in
// member's scopes open it (the core's rule), else null, so that no door leads to no-access.
import { mayOpen, routePath } from "../core";
import { useUserInfo } from "./useStoreData";

export function useOpenable(route: string): string | null {
  const user = useUserInfo();
  const path = routePath(route);
  if (!path || !user.data) return null;
  return mayOpen(route, user.data.scopes) ? path : null;
}
