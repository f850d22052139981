// Why a form was not saved, above it: the core's problems with what was typed (one list), else the
// server's message when loading or saving failed.
import { Alert, List, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { errorText } from "../../lib/errors";

export function FormProblems({ problems, saveError, loadError }: { problems: string[]; saveError?: unknown; loadError?: unknown }) {
  const { t } = useTranslation();
  if (problems.length > 0)
    return (
      <Alert color="red" title={t("manage.fixProblems")} role="alert">
        <List size="sm">
          {problems.map((problem) => (
            <List.Item key={problem}>{problem}</List.Item>
          ))}
        </List>
      </Alert>
    );
  const error = saveError ?? loadError;
  if (!error) return null;
  return (
    <Alert color="red" title={loadError && !saveError ? t("manage.loadFailed") : t("manage.saveFailed")} role="alert">
      <Text size="sm" style={{ whiteSpace: "pre-line" }}>
        {errorText(error)}
      </Text>
    </Alert>
  );
}
