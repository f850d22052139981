// Form state for a record's form: what the user types, filled once from the record when it
// loads (and never replaced after, so a refused save keeps every keystroke), the core's
// problems shown after a submit, and Save that sends only what the core accepts. It also knows
// whether anything was changed since the record loaded or was last saved (`dirty`), which the
// form's save bar and leave-page question use, and can put the saved values back (`discard`).
import { useState } from "react";

export function useRecordForm<R, I>({
  id,
  record,
  toInput,
  empty,
  check,
}: {
  id: string | undefined;
  record: R | undefined;
  toInput: (record: R) => I;
  empty: I;
  check: (input: I) => string[];
}) {
  const [input, setInput] = useState<I>(empty);
  // What the fields held when the record loaded or was last saved.
  const [saved, setSaved] = useState<I>(empty);
  const [filledFrom, setFilledFrom] = useState<string | undefined>(undefined);
  const [problems, setProblems] = useState<string[]>([]);
  // Filled during render when the record arrives, before anything is drawn from the empty value.
  if (id && record && filledFrom !== id) {
    const filled = toInput(record);
    setFilledFrom(id);
    setInput(filled);
    setSaved(filled);
  }
  const loading = Boolean(id) && filledFrom !== id;
  const dirty = !loading && JSON.stringify(input) !== JSON.stringify(saved);
  function change<K extends keyof I>(key: K, value: I[K]) {
    setInput((current) => ({ ...current, [key]: value }));
  }
  /** Runs the core's check; calls `send` with the input when nothing is wrong. */
  function submit(send: (input: I) => void) {
    const found = check(input);
    setProblems(found);
    if (found.length === 0) send(input);
  }
  return {
    input,
    change,
    setInput,
    problems,
    submit,
    loading,
    dirty,
    /** Puts back what was loaded or last saved. */
    discard: () => {
      setInput(saved);
      setProblems([]);
    },
    /** The save of `value` succeeded: it is what the fields are compared with from now on. */
    markSaved: (value: I) => setSaved(value),
  };
}
