// /auth/forgot: asks for a reset link by e-mail. The answer is the same whether the account
// exists or not, so the page shows the server's message either way.
import { Alert, Anchor, Button, Stack, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AuthLayout } from "../../../components/AuthLayout";
import { type FieldError, checkForgotPassword } from "../../../core";
import { errorText } from "../../../lib/errors";
import { useForgotPassword } from "../api/useAccountCalls";
import { fieldError } from "./fieldError";

export function ForgotPage() {
  const { t } = useTranslation();
  const forgot = useForgotPassword();
  const [email, setEmail] = useState("");
  const [errors, setErrors] = useState<Record<string, FieldError | undefined> | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const verdict = checkForgotPassword({ email });
    setErrors(verdict.errors);
    if (verdict.valid) forgot.mutate(verdict.value);
  }

  return (
    <AuthLayout title={t("auth.forgot.title")} subtitle={t("auth.forgot.subtitle")}>
      {forgot.isSuccess ? (
        <Alert color="green" role="status">
          {forgot.data.message}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput
              label={t("auth.login.email")}
              type="email"
              autoComplete="username"
              autoFocus
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              error={fieldError(errors, "email")}
            />
            {forgot.isError && <Alert color="red">{errorText(forgot.error)}</Alert>}
            <Button type="submit" loading={forgot.isPending}>
              {t("auth.forgot.submit")}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to="/auth/login">
        {t("auth.forgot.back")}
      </Anchor>
    </AuthLayout>
  );
}
