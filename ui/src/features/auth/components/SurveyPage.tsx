// /auth/survey?register&storeId&defaultSystemDomain (shell.md §2, §4): the first-run survey of a
// store, shown after the shop choice when GET /stores/survey answers other than 200. The answers
// go to POST /stores/survey for the chosen store; then the user goes on to the page to return
// to, or the dashboard. After a sign-up (`register`) it greets the new merchant and names the
// store's address. An account without a name (sign-up does not ask it) gives its name here
// first (PUT /users), so that the admin greets and credits the merchant by name.
import { Alert, Button, Radio, Stack, TextInput } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useNavigate, useSearchParams } from "react-router";
import { AuthLayout } from "../../../components/AuthLayout";
import { api } from "../../../lib/api";
import { errorText } from "../../../lib/errors";
import type { MessageResponse } from "../../../types/generated/MessageResponse";
import type { UpdateProfileRequest } from "../../../types/generated/UpdateProfileRequest";
import type { UserInfo } from "../../../types/generated/UserInfo";
import { type FieldError, checkFirstName } from "../../../core";
import { useUserInfo } from "../../../hooks/useStoreData";
import type { SurveyAnswers } from "../../../types/generated/SurveyAnswers";
import { destination } from "../utils/onward";
import { useSession } from "../../../app/session";
import { fieldError } from "./fieldError";

/** The survey's questions and their choices (translation keys under session.survey). */
const CHOICES = {
  sell: ["printOnDemand", "dropship", "ownProducts", "notSure"],
  experience: ["new", "someSales", "established"],
} as const;
type Question = keyof typeof CHOICES;

export function SurveyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const session = useSession();
  const [answers, setAnswers] = useState<Partial<Record<Question, string>>>({});
  const [source, setSource] = useState("");
  const [missing, setMissing] = useState<Question[]>([]);
  const user = useUserInfo();
  const client = useQueryClient();
  const [firstName, setFirstName] = useState("");
  const [lastName, setLastName] = useState("");
  const [nameError, setNameError] = useState<FieldError | null>(null);
  // Asked only of an account that has no name yet.
  const asksName = Boolean(user.data && !user.data.firstName?.trim());
  const submit = useMutation({
    mutationFn: async (body: SurveyAnswers) => {
      if (asksName) {
        const profile: UpdateProfileRequest = { firstName: firstName.trim(), lastName: lastName.trim() || null, profilePicture: null };
        await api<UserInfo>("/users", { method: "PUT", body: profile });
        await client.invalidateQueries({ queryKey: ["users", "info"] });
      }
      return api<MessageResponse>("/stores/survey", { method: "POST", body });
    },
    onSuccess: () => void navigate(destination(params), { replace: true }),
  });

  const storeId = params.get("storeId");
  if (!session.accessToken) return <Navigate to="/auth/login" replace />;
  // The survey belongs to the store chosen in this session.
  if (!storeId || storeId !== session.storeId) return <Navigate to="/auth/shop" replace />;

  const register = params.get("register") !== null;
  const domain = params.get("defaultSystemDomain");

  function send(event: FormEvent) {
    event.preventDefault();
    const unanswered = (Object.keys(CHOICES) as Question[]).filter((question) => !answers[question]);
    setMissing(unanswered);
    const badName = asksName ? checkFirstName(firstName) : null;
    setNameError(badName);
    if (unanswered.length > 0 || badName || submit.isPending) return;
    const body: Record<string, string> = { ...(answers as Record<Question, string>) };
    if (source.trim()) body.source = source.trim();
    submit.mutate({ answers: body });
  }

  const question = (name: Question) => (
    <Radio.Group
      key={name}
      name={name}
      label={t(`session.survey.${name}.label`)}
      value={answers[name] ?? null}
      onChange={(value) => {
        setAnswers({ ...answers, [name]: value });
        setMissing(missing.filter((m) => m !== name));
      }}
      error={missing.includes(name) ? t("session.survey.required") : undefined}
      withAsterisk
    >
      <Stack gap="xs" mt="xs">
        {CHOICES[name].map((choice) => (
          <Radio key={choice} value={choice} label={t(`session.survey.${name}.${choice}`)} />
        ))}
      </Stack>
    </Radio.Group>
  );

  return (
    <AuthLayout
      title={register ? t("session.survey.welcome", { store: session.storeName ?? "" }) : t("session.survey.title")}
      subtitle={domain ? t("session.survey.address", { domain }) : t("session.survey.subtitle")}
    >
      <form onSubmit={send} noValidate aria-label={t("session.survey.title")}>
        <Stack gap="lg">
          {asksName && (
            <>
              <TextInput
                label={t("session.survey.firstName")}
                autoComplete="given-name"
                withAsterisk
                value={firstName}
                onChange={(event) => {
                  setFirstName(event.currentTarget.value);
                  setNameError(null);
                }}
                error={fieldError({ firstName: nameError ?? undefined }, "firstName")}
              />
              <TextInput
                label={t("session.survey.lastName")}
                autoComplete="family-name"
                value={lastName}
                onChange={(event) => setLastName(event.currentTarget.value)}
              />
            </>
          )}
          {question("sell")}
          {question("experience")}
          <TextInput label={t("session.survey.source")} value={source} onChange={(event) => setSource(event.currentTarget.value)} />
          {submit.isError && <Alert color="red">{errorText(submit.error)}</Alert>}
          <Button type="submit" loading={submit.isPending}>
            {t("session.survey.submit")}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
