// /auth/accept?token=: a staff invitation. An invitee without an account chooses a password.
import { Alert, Anchor, Button, Loader, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useSession } from "../../../app/session";
import { AuthLayout } from "../../../components/AuthLayout";
import { type FieldError, checkNewPassword } from "../../../core";
import { errorText } from "../../../lib/errors";
import { useActivation, useInvitation } from "../api/useAccountCalls";
import { fieldError } from "./fieldError";

export function AcceptPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const invitation = useInvitation(token);
  const accept = useActivation();
  const signIn = useSession((state) => state.signIn);
  const navigate = useNavigate();
  const [password, setPassword] = useState("");
  const [firstName, setFirstName] = useState("");
  const [lastName, setLastName] = useState("");
  const [errors, setErrors] = useState<Record<string, FieldError | undefined> | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const offer = invitation.data;
    if (!offer) return;
    if (!offer.hasAccount) {
      const problem = checkNewPassword(password.trim());
      const found = problem ? { password: problem } : null;
      setErrors(found);
      if (found) return;
    }
    accept.mutate(
      {
        token,
        password: offer.hasAccount ? null : password.trim(),
        firstName: firstName.trim() || null,
        lastName: lastName.trim() || null,
      },
      {
        // A newcomer goes on signed in, into the store they joined.
        onSuccess: ({ session }) => {
          if (!session) return;
          signIn(session);
          void navigate("/auth/shop");
        },
      },
    );
  }

  return (
    <AuthLayout title={t("auth.accept.title")}>
      {(!token || invitation.isError) && <Alert color="red">{invitation.isError ? errorText(invitation.error) : t("auth.verify.expired")}</Alert>}
      {token && invitation.isPending && <Loader aria-label={t("auth.verify.working")} />}
      {accept.isSuccess && (
        <Alert color="green" role="status">
          {accept.data.message}
        </Alert>
      )}
      {invitation.data && !accept.isSuccess && (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text>{t("auth.accept.offer", { store: invitation.data.storeName, email: invitation.data.email })}</Text>
            {!invitation.data.hasAccount && (
              <>
                <TextInput label={t("auth.accept.firstName")} value={firstName} onChange={(e) => setFirstName(e.currentTarget.value)} />
                <TextInput label={t("auth.accept.lastName")} value={lastName} onChange={(e) => setLastName(e.currentTarget.value)} />
                <PasswordInput
                  label={t("auth.login.password")}
                  autoComplete="new-password"
                  value={password}
                  onChange={(e) => setPassword(e.currentTarget.value)}
                  error={fieldError(errors, "password")}
                />
              </>
            )}
            {accept.isError && <Alert color="red">{errorText(accept.error)}</Alert>}
            <Button type="submit" loading={accept.isPending}>
              {t("auth.accept.submit")}
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
