// /auth/forgot. Reset by e-mail arrives with the accounts work; until then the page says so.
import { Anchor, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AuthLayout } from "../../../components/AuthLayout";

export function ForgotPage() {
  const { t } = useTranslation();
  return (
    <AuthLayout title={t("auth.forgot.title")}>
      <Text>{t("auth.forgot.body")}</Text>
      <Anchor component={Link} to="/auth/login">
        {t("auth.forgot.back")}
      </Anchor>
    </AuthLayout>
  );
}
