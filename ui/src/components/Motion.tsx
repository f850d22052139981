// Motion of the admin with framer-motion: page transitions, the mobile drawer and dialogs.
// MotionConfig reducedMotion="user" turns transform animations off when the system asks for
// reduced motion; the pieces below also drop their fades then, so content is visible at once.
// The animation code itself (framer-motion's DOM features) is fetched after the first paint:
// LazyMotion with `m` components keeps it out of the first download.
import { LazyMotion, MotionConfig, type Transition, m, useReducedMotion } from "framer-motion";
import type { ReactNode } from "react";
import { useLocation } from "react-router";

const QUICK: Transition = { duration: 0.18, ease: "easeOut" };

const features = () => import("./motionFeatures").then((module) => module.default);

/** Motion for the whole admin; `strict` refuses a full `motion` component, which would bring the
 * features back into the first download. */
export function MotionProvider({ children }: { children: ReactNode }) {
  return (
    <LazyMotion features={features} strict>
      <MotionConfig reducedMotion="user">{children}</MotionConfig>
    </LazyMotion>
  );
}

/** Each page of the frame fades and rises in when the path changes. `data-path` names the path
 * whose page is in place, for tests that wait for a screen rather than for its address. */
export function PageTransition({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const reduced = useReducedMotion() ?? false;
  return (
    <m.div
      key={pathname}
      data-motion="page"
      data-path={pathname}
      initial={reduced ? false : { opacity: 0, y: 8 }}
      animate={{ opacity: 1, y: 0 }}
      transition={QUICK}
    >
      {children}
    </m.div>
  );
}

/** The inside of a dialog: it rises in as the dialog opens. Mantine's own transition is off
 * where this is used (`transitionProps={{ duration: 0 }}`) so the two do not add up. */
export function DialogMotion({ children }: { children: ReactNode }) {
  const reduced = useReducedMotion() ?? false;
  return (
    <m.div data-motion="dialog" initial={reduced ? false : { opacity: 0, y: 12, scale: 0.98 }} animate={{ opacity: 1, y: 0, scale: 1 }} transition={QUICK}>
      {children}
    </m.div>
  );
}

/** Mantine transition settings for a dialog whose content uses DialogMotion. */
export const dialogTransition = { duration: 0 } as const;

/** Props of an element that slides in from the left (the mobile drawer) and back out. */
export function useSlideIn(distance: number) {
  const reduced = useReducedMotion() ?? false;
  return reduced
    ? { initial: false as const, animate: { x: 0 }, exit: { opacity: 0, transition: { duration: 0 } } }
    : { initial: { x: -distance }, animate: { x: 0 }, exit: { x: -distance }, transition: QUICK };
}

/** Props of a backdrop that fades in and out. */
export function useFade() {
  const reduced = useReducedMotion() ?? false;
  return reduced
    ? { initial: false as const, animate: { opacity: 1 }, exit: { opacity: 0, transition: { duration: 0 } } }
    : { initial: { opacity: 0 }, animate: { opacity: 1 }, exit: { opacity: 0 }, transition: QUICK };
}
