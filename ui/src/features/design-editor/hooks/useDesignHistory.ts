// The design being edited, with undo and redo: every edit is a command the core judges; an
// accepted one becomes the present design, a refused one changes nothing and answers the
// refusal.
import { useCallback, useRef, useState } from "react";
import { shellConstants } from "../../../core";
import { type Design, type DesignCommand, type DesignErrorBody, applyDesign } from "../../../core/designs";

/** How many edits undo can walk back: the core's depth, the theme editor's too. */
const HISTORY_DEPTH = shellConstants.undoDepth;

interface History {
  past: Design[];
  present: Design;
  future: Design[];
}

export function useDesignHistory(initial: Design) {
  // The state draws; the ref lets quick successive edits each build on the one before.
  const [state, setState] = useState<History>({ past: [], present: initial, future: [] });
  const ref = useRef(state);
  const commit = (next: History) => {
    ref.current = next;
    setState(next);
  };

  const apply = useCallback((command: DesignCommand): DesignErrorBody | null => {
    const { past, present } = ref.current;
    const outcome = applyDesign(present, command);
    if (outcome.error) return outcome.error;
    commit({ past: [...past, present].slice(-HISTORY_DEPTH), present: outcome.design, future: [] });
    return null;
  }, []);

  const undo = useCallback(() => {
    const { past, present, future } = ref.current;
    const previous = past[past.length - 1];
    if (previous) commit({ past: past.slice(0, -1), present: previous, future: [present, ...future] });
  }, []);

  const redo = useCallback(() => {
    const { past, present, future } = ref.current;
    const next = future[0];
    if (next) commit({ past: [...past, present], present: next, future: future.slice(1) });
  }, []);

  /** Starts again from `design` (a reload after a conflict). */
  const reset = useCallback((design: Design) => commit({ past: [], present: design, future: [] }), []);

  const { past, present, future } = state;
  return { design: present, apply, undo, redo, reset, canUndo: past.length > 0, canRedo: future.length > 0 };
}
