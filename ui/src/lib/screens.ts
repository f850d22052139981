// What a feature hands the router: its screens, each loaded when first opened. Every feature
// has one `screens.tsx` exporting a `Screens`; app/screens.ts merges them and app/router.tsx
// lays them out behind the session guard, the frame and each route's permission.
import { Children, type ComponentType, type LazyExoticComponent, type ReactNode, isValidElement, lazy } from "react";

/** A screen at a path. */
export interface PathScreen {
  path: string;
  element: ReactNode;
}

/** A feature's screens. */
export interface Screens {
  /** The screen of a named route of the core's table (shell.md §2), by the route's name. */
  named?: Record<string, ReactNode>;
  /** Screens that the spec does not name (a record's detail or form), by the name of the route
   * whose permission they open behind: each path under that route's own (`:id` is
   * `/orders/:id`), or from the root when it starts with a slash. */
  under?: Record<string, PathScreen[]>;
  /** Pages inside the frame that any member may open (notifications, not found). */
  framed?: PathScreen[];
  /** Pages outside the session guard (sign-in and the steps around it). */
  open?: PathScreen[];
}

const RELOADED = "storeloom.screenReload";

/** Fetches a screen's chunk. One that cannot be fetched while the browser is online most likely
 * belongs to an older build (a newer one replaced its files while the tab was open): the page
 * is reloaded, once, to run the newer build. Offline, the error stands. */
async function fetchScreen<M>(load: () => Promise<M>): Promise<M> {
  try {
    const module = await load();
    sessionStorage.removeItem(RELOADED);
    return module;
  } catch (error) {
    if (!navigator.onLine || sessionStorage.getItem(RELOADED) !== null) throw error;
    sessionStorage.setItem(RELOADED, "1");
    window.location.reload();
    return new Promise<M>(() => {});
  }
}

/** A screen loaded when first opened: its module's named export through React.lazy. */
// React.lazy's own bound is ComponentType<any>: a screen's props are whatever its export takes.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyScreen<M extends Record<K, ComponentType<any>>, K extends keyof M>(load: () => Promise<M>, name: K): LazyExoticComponent<M[K]> {
  const screen = lazy(async () => ({ default: (await fetchScreen(load))[name] }));
  preloads.set(screen, load);
  return screen;
}

const preloads = new WeakMap<object, () => Promise<unknown>>();

/** Starts fetching the chunks of the lazy screens in `node` (an element and its children), so
 * that a page opened by its address downloads its screen while the session guard, the frame and
 * the permission check load, instead of after them. A chunk that fails is left to the screen's
 * own load, which reports it. */
export function preloadScreens(node: ReactNode): void {
  if (!isValidElement(node)) return;
  const load = typeof node.type === "object" ? preloads.get(node.type) : undefined;
  if (load) void load().catch(() => {});
  Children.forEach((node.props as { children?: ReactNode }).children, preloadScreens);
}
