// The hold on the browser's Back and Forward that a form with unsaved edits takes (see
// hooks/useLeaveGuard.ts). Registered when the app starts, before the router's own listener,
// because listeners on window run in the order they were added: this one must see a move
// first to keep it from the router.
type PopGuard = (event: PopStateEvent) => void;

let guard: PopGuard | null = null;
if (typeof window !== "undefined") window.addEventListener("popstate", (event) => guard?.(event));

/** Sets (or, with null, lifts) the hold. */
export function setPopGuard(next: PopGuard | null) {
  guard = next;
}
