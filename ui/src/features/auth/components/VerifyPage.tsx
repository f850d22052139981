// /auth/verify?type=activation|reset&token=: the links e-mailed for account activation and for
// a password reset.
import { Alert, Anchor, Button, Loader, PasswordInput, Stack } from "@mantine/core";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useSession } from "../../../app/session";
import { AuthLayout } from "../../../components/AuthLayout";
import { type FieldError, checkResetPassword } from "../../../core";
import { errorText } from "../../../lib/errors";
import { useActivation, useResetPassword, useResetTokenStatus } from "../api/useAccountCalls";
import { fieldError } from "./fieldError";

function Activation({ token }: { token: string }) {
  const { t } = useTranslation();
  const activation = useActivation();
  const signIn = useSession((state) => state.signIn);
  const navigate = useNavigate();
  const sent = useRef(false);
  useEffect(() => {
    // The link is used once, even under React's double effects in development.
    if (sent.current) return;
    sent.current = true;
    activation.mutate(
      { token, password: null, firstName: null, lastName: null },
      {
        // The merchant goes on signed in, to their store's survey as after signing in.
        onSuccess: ({ session }) => {
          if (!session) return;
          signIn(session);
          void navigate("/auth/shop?register=1");
        },
      },
    );
  }, [activation, token, signIn, navigate]);
  if (activation.isPending || activation.isIdle) return <Loader aria-label={t("auth.verify.working")} />;
  if (activation.isError) return <Alert color="red">{errorText(activation.error)}</Alert>;
  return (
    <Alert color="green" role="status">
      {activation.data.message}
    </Alert>
  );
}

function Reset({ token }: { token: string }) {
  const { t } = useTranslation();
  const status = useResetTokenStatus(token, true);
  const reset = useResetPassword();
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [errors, setErrors] = useState<Record<string, FieldError | undefined> | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const verdict = checkResetPassword({ password, confirmPassword, token });
    setErrors(verdict.errors);
    if (verdict.valid) reset.mutate({ password: verdict.value.password, token });
  }

  if (status.isPending) return <Loader aria-label={t("auth.verify.working")} />;
  if (status.isError) return <Alert color="red">{errorText(status.error)}</Alert>;
  if (!status.data.valid) return <Alert color="red">{t("auth.verify.expired")}</Alert>;
  if (reset.isSuccess)
    return (
      <Alert color="green" role="status">
        {reset.data.message}
      </Alert>
    );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <PasswordInput
          label={t("auth.verify.newPassword")}
          autoComplete="new-password"
          autoFocus
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={fieldError(errors, "password")}
        />
        <PasswordInput
          label={t("auth.verify.confirmPassword")}
          autoComplete="new-password"
          value={confirmPassword}
          onChange={(event) => setConfirmPassword(event.currentTarget.value)}
          error={fieldError(errors, "confirmPassword")}
        />
        {reset.isError && <Alert color="red">{errorText(reset.error)}</Alert>}
        <Button type="submit" loading={reset.isPending}>
          {t("auth.verify.setPassword")}
        </Button>
      </Stack>
    </form>
  );
}

export function VerifyPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const type = params.get("type");
  const title = type === "reset" ? t("auth.verify.resetTitle") : t("auth.verify.activationTitle");
  return (
    <AuthLayout title={title}>
      {!token && <Alert color="red">{t("auth.verify.expired")}</Alert>}
      {token && type === "reset" && <Reset token={token} />}
      {token && type !== "reset" && <Activation token={token} />}
      {/* A new merchant's first sign-in goes on through the store's survey, greeted as such. */}
      <Anchor component={Link} to={token && type !== "reset" ? "/auth/login?register=1" : "/auth/login"}>
        {t("auth.forgot.back")}
      </Anchor>
    </AuthLayout>
  );
}
