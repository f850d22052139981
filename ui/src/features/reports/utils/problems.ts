// The core's report refusals in the reader's language, by their stable code.
import i18n from "../../../i18n";
import type { ReportProblem } from "../../../core";

export function problemText(problem: ReportProblem | null): string | null {
  if (!problem) return null;
  const name = problem.code.replace(/^reports\./, "");
  return i18n.t(`reports.problems.${name}`, { defaultValue: problem.message });
}
