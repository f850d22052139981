// /auth/register. Sign-up opens with the accounts work (behind the sign-up key); until then the
// page says registration is by invitation.
import { Anchor, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AuthLayout } from "../../../components/AuthLayout";

export function RegisterPage() {
  const { t } = useTranslation();
  return (
    <AuthLayout title={t("auth.register.title")}>
      <Text>{t("auth.register.closed")}</Text>
      <Anchor component={Link} to="/auth/login">
        {t("auth.register.back")}
      </Anchor>
    </AuthLayout>
  );
}
