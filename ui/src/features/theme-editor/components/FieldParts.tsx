// What every field of a panel shares: running a command on the resident document (a refused one
// answers the core's error), and that error under the field in the user's language.
import { Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { ThemeCommand, ThemeErrorBody } from "../../../core/theme";
import { useEditor } from "./context";
import { errorMessage } from "./labels";

/** Runs a command; answers the core's error when refused, else null. */
export function useRun() {
  const { session } = useEditor();
  return (command: ThemeCommand): ThemeErrorBody | null => {
    const outcome = session.apply(command);
    return outcome.outcome === "rejected" ? outcome.error : null;
  };
}

export function FieldError({ error }: { error: ThemeErrorBody | null }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <Text size="xs" c="red" role="alert">
      {errorMessage(t, error)}
    </Text>
  );
}
