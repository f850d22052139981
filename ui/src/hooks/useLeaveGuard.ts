// Asks before unsaved edits are left behind: in-app navigation to another page (links, the
// drawer, menus, the browser's Back and Forward) waits for the user's answer, and closing or
// reloading the tab gets the browser's own warning (beforeunload).
//
// The admin uses react-router's declarative BrowserRouter (the data router, whose useBlocker
// does this, would add about 16 kB to the first download; see router.tsx), so the guard holds
// the router's navigator while the form is dirty: a push to another path is kept until the
// user decides, and a pop is undone (history.go back) until they do. Replacements go through:
// the forms' own moves after a save or a delete replace the entry, and so do search and filter
// changes. Moves within the same path (a tab in the address) go through too.
import { useContext, useEffect, useRef, useState } from "react";
import { UNSAFE_NavigationContext, useLocation } from "react-router";
import { setPopGuard } from "../lib/popGuard";

type Navigator = {
  push: (to: unknown, state?: unknown, options?: unknown) => void;
  replace: (to: unknown, state?: unknown, options?: unknown) => void;
};

/** The path a navigation goes to, from react-router's `To` (a string or a partial path). */
function pathOf(to: unknown, base: string): string {
  if (typeof to === "string") return new URL(to, `http://localhost${base}`).pathname;
  const path = (to as { pathname?: string } | null)?.pathname;
  return path ?? base;
}

/** The position of the current entry in react-router's history (it keeps `idx` in the state). */
function historyIndex(): number | null {
  const state = window.history.state as { idx?: unknown } | null;
  return typeof state?.idx === "number" ? state.idx : null;
}

/** Holds the router's navigator and the window's Back, Forward and unload until released
 * (the returned function): each move away from this path is handed to `ask` instead, as the
 * function that makes it. `from` is this entry's position in the history. */
function hold(nav: Navigator, from: () => number | null, ask: (go: () => void) => void): () => void {
  const push = nav.push;
  // The router's navigator gets paths with the basename, as the address bar shows them.
  const here = () => window.location.pathname;
  nav.push = (to, state, options) => {
    if (pathOf(to, here()) === here()) return push.call(nav, to, state, options);
    ask(() => push.call(nav, to, state, options));
  };
  // Back and Forward: seen before the router (lib/popGuard.ts listens first), the move is
  // undone and kept until the user answers.
  let undoing = false;
  let leaving = false;
  const onPop = (event: PopStateEvent) => {
    if (leaving) return;
    event.stopImmediatePropagation();
    if (undoing) {
      undoing = false;
      return;
    }
    const before = from();
    const after = historyIndex();
    const delta = before !== null && after !== null ? before - after : 1;
    undoing = true;
    window.history.go(delta);
    ask(() => {
      leaving = true;
      window.history.go(-delta);
    });
  };
  const onUnload = (event: BeforeUnloadEvent) => {
    event.preventDefault();
    // Older browsers show the warning only with a return value.
    event.returnValue = "";
  };
  setPopGuard(onPop);
  window.addEventListener("beforeunload", onUnload);
  return () => {
    nav.push = push;
    setPopGuard(null);
    window.removeEventListener("beforeunload", onUnload);
  };
}

export function useLeaveGuard(dirty: boolean) {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const location = useLocation();
  // The move the user is asked about: run it to leave.
  const [pending, setPending] = useState<(() => void) | null>(null);
  const index = useRef<number | null>(null);
  useEffect(() => {
    index.current = historyIndex();
  }, [location]);

  useEffect(() => {
    if (!dirty) return;
    return hold(
      navigator as unknown as Navigator,
      () => index.current,
      (go) => setPending(() => go),
    );
  }, [dirty, navigator]);

  return {
    /** A move waits for the user's answer. */
    asking: pending !== null,
    stay: () => setPending(null),
    leave: () => {
      const go = pending;
      setPending(null);
      go?.();
    },
  };
}
