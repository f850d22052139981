// /auth/login (shell.md §2, §5): e-mail and password, judged by the core; errors of the server
// in a notification that stays until dismissed; success stores the tokens and goes to /auth/shop,
// carrying the page to return to (`next`, after a session ended) and the sign-up flag.
import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { AuthLayout } from "../../../components/AuthLayout";
import { type FieldError, checkLogin } from "../../../core";
import { translateCore } from "../../../i18n";
import { errorText } from "../../../lib/errors";
import { hideNotification, showNotification } from "../../../lib/notify";
import { useLogin } from "../api/useLogin";
import { onwardQuery } from "../utils/onward";
import { useSession } from "../../../app/session";

const LOGIN_ERROR_ID = "login-error";

function fieldMessage(error: FieldError | null) {
  return error ? translateCore(error.code, error.message, { limit: error.limit }) : undefined;
}

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signIn = useSession((state) => state.signIn);
  const login = useLogin();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [passwordVisible, setPasswordVisible] = useState(false);
  const [errors, setErrors] = useState<{ email: FieldError | null; password: FieldError | null }>({
    email: null,
    password: null,
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const verdict = checkLogin({ email, password });
    setErrors(verdict.errors);
    if (!verdict.valid || login.isPending) return;
    hideNotification(LOGIN_ERROR_ID);
    login.mutate(
      { email: verdict.email, password: verdict.password },
      {
        onSuccess: (tokens) => {
          signIn(tokens);
          void navigate(`/auth/shop${onwardQuery(params)}`);
        },
        onError: (error) => {
          showNotification({
            id: LOGIN_ERROR_ID,
            color: "red",
            title: t("auth.login.failed"),
            message: errorText(error),
            autoClose: false,
            withCloseButton: true,
          });
        },
      },
    );
  }

  return (
    <AuthLayout title={t("auth.login.title")} subtitle={t("auth.login.subtitle")}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t("auth.login.email")}
            placeholder={t("auth.login.emailPlaceholder")}
            type="email"
            autoComplete="username"
            autoFocus
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={fieldMessage(errors.email)}
          />
          <PasswordInput
            label={t("auth.login.password")}
            placeholder={t("auth.login.passwordPlaceholder")}
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={fieldMessage(errors.password)}
            visible={passwordVisible}
            onVisibilityChange={setPasswordVisible}
            visibilityToggleButtonProps={{
              "aria-label": t(passwordVisible ? "auth.login.hidePassword" : "auth.login.showPassword"),
            }}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/auth/forgot" size="sm">
              {t("auth.login.forgot")}
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={login.isPending}>
            {t("auth.login.submit")}
          </Button>
          <Text size="sm" ta="center">
            {t("auth.login.noAccount")}{" "}
            <Anchor component={Link} to="/auth/register">
              {t("auth.login.register")}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
