// Form state for a record's form: what the user types, filled once from the record when it
// loads (and never replaced after, so a refused save keeps every keystroke), the core's
// problems shown after a submit, and Save that sends only what the core accepts.
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
  const [filledFrom, setFilledFrom] = useState<string | undefined>(undefined);
  const [problems, setProblems] = useState<string[]>([]);
  // Filled during render when the record arrives, before anything is drawn from the empty value.
  if (id && record && filledFrom !== id) {
    setFilledFrom(id);
    setInput(toInput(record));
  }
  function change<K extends keyof I>(key: K, value: I[K]) {
    setInput((current) => ({ ...current, [key]: value }));
  }
  /** Runs the core's check; calls `send` with the input when nothing is wrong. */
  function submit(send: (input: I) => void) {
    const found = check(input);
    setProblems(found);
    if (found.length === 0) send(input);
  }
  return { input, change, setInput, problems, submit, loading: Boolean(id) && filledFrom !== id };
}
