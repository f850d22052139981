// /auth/register: sign-up, open only with the sign-up key in the `sk` query value (shell.md §2).
// The page asks the server whether the key is the configured one and shows the form only then;
// the server checks the key again on sign-up.
import { Alert, Anchor, Button, PasswordInput, Skeleton, Stack, Text, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { AuthLayout } from "../../../components/AuthLayout";
import { type FieldError, checkRegister } from "../../../core";
import { ApiError } from "../../../lib/api";
import { errorText } from "../../../lib/errors";
import { useSignup, useSignupKey } from "../api/useAccountCalls";
import { fieldError } from "./fieldError";

export function RegisterPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const signupKey = params.get("sk") ?? "";
  const signup = useSignup(signupKey);
  const key = useSignupKey(signupKey);
  // A refused key (403) closes registration like a missing one; another failure can be retried.
  const refused = !signupKey || (key.error instanceof ApiError && key.error.status === 403);
  const open = key.isSuccess;
  const [form, setForm] = useState({ email: "", password: "", storeName: "", code: "" });
  const [errors, setErrors] = useState<Record<string, FieldError | undefined> | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const verdict = checkRegister({ ...form, code: form.code || null });
    setErrors(verdict.errors);
    if (verdict.valid) signup.mutate(verdict.value);
  }

  const set = (field: keyof typeof form) => (event: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [field]: event.currentTarget.value });

  return (
    <AuthLayout title={t("auth.register.title")}>
      {refused && <Text role="status">{t("auth.register.closed")}</Text>}
      {signupKey && key.isPending && (
        <Stack gap="md" role="status" aria-busy="true" aria-label={t("session.register.checking")}>
          <Skeleton height={36} />
          <Skeleton height={36} />
          <Skeleton height={36} />
        </Stack>
      )}
      {key.isError && !refused && (
        <Alert color="red" title={t("session.register.checkFailed")}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorText(key.error)}</Text>
            <Button size="xs" variant="light" onClick={() => void key.refetch()}>
              {t("session.retry")}
            </Button>
          </Stack>
        </Alert>
      )}
      {open && signup.isSuccess && (
        <Alert color="green" role="status">
          {signup.data.message}
        </Alert>
      )}
      {open && !signup.isSuccess && (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput
              label={t("auth.login.email")}
              type="email"
              autoComplete="username"
              value={form.email}
              onChange={set("email")}
              error={fieldError(errors, "email")}
            />
            <PasswordInput
              label={t("auth.login.password")}
              autoComplete="new-password"
              value={form.password}
              onChange={set("password")}
              error={fieldError(errors, "password")}
            />
            <TextInput label={t("auth.register.storeName")} value={form.storeName} onChange={set("storeName")} error={fieldError(errors, "storeName")} />
            <TextInput label={t("auth.register.code")} value={form.code} onChange={set("code")} error={fieldError(errors, "code")} />
            {signup.isError && <Alert color="red">{errorText(signup.error)}</Alert>}
            <Button type="submit" loading={signup.isPending}>
              {t("auth.register.submit")}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to="/auth/login">
        {t("auth.register.back")}
      </Anchor>
    </AuthLayout>
  );
}
