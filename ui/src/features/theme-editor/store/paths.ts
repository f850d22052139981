// JSON-pointer helpers: the segments of a pointer the core answers (a field's `pointer`).

/** The segments of a JSON pointer (`/a/b~1c` is `a`, `b/c`). */
export function segmentsOf(path: string): string[] {
  return path
    .split("/")
    .slice(1)
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
}
