// Profile (website.profile): the signed-in user's names and picture (PUT /users), the e-mail
// they sign in with, and a change of password (PUT /users/change-password). The core checks
// both forms first; the server's messages show when it refuses; nothing typed is lost.
import { Alert, Avatar, Button, Group, Paper, PasswordInput, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type ChangePasswordForm, type FieldError, checkChangePassword, fullName } from "../../../core";
import { useUserInfo } from "../../../hooks/useStoreData";
import { translateCore } from "../../../i18n";
import { errorText } from "../../../lib/errors";
import type { UserInfo } from "../../../types/generated/UserInfo";
import { useChangePassword, useUpdateProfile } from "../api/account";
import { checkProfileNames } from "../utils/checks";
import { FormCard } from "./FormCard";
import { notifySaved } from "../../../lib/notifySaved";
import { PAGE_WIDTH } from "../../../components/widths";

function shown(error: FieldError | undefined): string | undefined {
  return error ? translateCore(error.code, error.message, { limit: error.limit }) : undefined;
}

interface ProfileInput {
  firstName: string;
  lastName: string;
  profilePicture: string;
}

function ProfileForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const save = useUpdateProfile();
  const saved: ProfileInput = {
    firstName: user.firstName ?? "",
    lastName: user.lastName ?? "",
    profilePicture: user.profilePicture ?? "",
  };
  const [input, setInput] = useState<ProfileInput>(saved);
  const dirty = (Object.keys(saved) as (keyof ProfileInput)[]).some((key) => input[key] !== saved[key]);
  const [errors, setErrors] = useState<Record<string, FieldError>>({});
  const change = (key: keyof ProfileInput, value: string) => setInput((current) => ({ ...current, [key]: value }));

  function submit() {
    const found = checkProfileNames(input.firstName, input.lastName);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    // An empty value clears a field on the server.
    save.mutate(
      { firstName: input.firstName.trim(), lastName: input.lastName.trim(), profilePicture: input.profilePicture.trim() },
      { onSuccess: () => notifySaved(t("account.profile.saved")) },
    );
  }

  const preview = input.profilePicture.trim();
  return (
    <FormCard
      title={t("account.profile.details")}
      description={t("account.profile.detailsHint")}
      error={save.error}
      saving={save.isPending}
      submitLabel={t("account.profile.save")}
      onSubmit={submit}
      unsaved={{
        dirty,
        discard: () => {
          setInput(saved);
          setErrors({});
        },
      }}
    >
      <Group gap="md" wrap="nowrap">
        <Avatar size={64} radius="xl" color="indigo" src={/^https?:\/\//.test(preview) ? preview : null} alt="">
          {fullName(input.firstName, input.lastName).slice(0, 1)}
        </Avatar>
        <div style={{ minWidth: 0 }}>
          <Text fw={700} truncate>
            {fullName(input.firstName.trim() || null, input.lastName.trim() || null)}
          </Text>
          <Text size="sm" c="dimmed" truncate>
            {user.email}
          </Text>
        </div>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t("account.profile.firstName")}
          autoComplete="given-name"
          value={input.firstName}
          error={shown(errors.firstName)}
          onChange={(event) => change("firstName", event.currentTarget.value)}
        />
        <TextInput
          label={t("account.profile.lastName")}
          autoComplete="family-name"
          value={input.lastName}
          error={shown(errors.lastName)}
          onChange={(event) => change("lastName", event.currentTarget.value)}
        />
      </SimpleGrid>
      <TextInput label={t("account.profile.email")} description={t("account.profile.emailHint")} value={user.email} readOnly />
      <TextInput
        label={t("account.profile.picture")}
        description={t("account.profile.pictureHint")}
        placeholder="https://"
        type="url"
        value={input.profilePicture}
        onChange={(event) => change("profilePicture", event.currentTarget.value)}
      />
    </FormCard>
  );
}

const NO_PASSWORDS: ChangePasswordForm = { currentPassword: "", newPassword: "", confirmPassword: "" };

function PasswordForm() {
  const { t } = useTranslation();
  const changePassword = useChangePassword();
  const [input, setInput] = useState<ChangePasswordForm>(NO_PASSWORDS);
  const [errors, setErrors] = useState<Record<string, FieldError | undefined>>({});
  const [done, setDone] = useState(false);
  const change = (key: keyof ChangePasswordForm, value: string) => {
    setDone(false);
    setInput((current) => ({ ...current, [key]: value }));
  };

  function submit() {
    const verdict = checkChangePassword(input);
    setErrors(verdict.errors);
    if (!verdict.valid) return;
    changePassword.mutate(verdict.value, {
      onSuccess: () => {
        setInput(NO_PASSWORDS);
        setDone(true);
        notifySaved(t("account.password.changed"));
      },
    });
  }

  return (
    <FormCard
      title={t("account.password.title")}
      description={t("account.password.hint")}
      error={changePassword.error}
      saving={changePassword.isPending}
      submitLabel={t("account.password.submit")}
      onSubmit={submit}
    >
      {done && (
        <Alert color="green" role="status">
          {t("account.password.changedBody")}
        </Alert>
      )}
      <PasswordInput
        label={t("account.password.current")}
        autoComplete="current-password"
        value={input.currentPassword}
        error={shown(errors.currentPassword)}
        onChange={(event) => change("currentPassword", event.currentTarget.value)}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <PasswordInput
          label={t("account.password.new")}
          autoComplete="new-password"
          value={input.newPassword}
          error={shown(errors.newPassword)}
          onChange={(event) => change("newPassword", event.currentTarget.value)}
        />
        <PasswordInput
          label={t("account.password.confirm")}
          autoComplete="new-password"
          value={input.confirmPassword}
          error={shown(errors.confirmPassword)}
          onChange={(event) => change("confirmPassword", event.currentTarget.value)}
        />
      </SimpleGrid>
    </FormCard>
  );
}

export function ProfilePage() {
  const { t } = useTranslation();
  const user = useUserInfo();
  return (
    <Stack gap="md" maw={PAGE_WIDTH.form} mx="auto">
      <Title order={1} fz="h2">
        {t("account.profile.title")}
      </Title>
      {user.isError ? (
        <Alert color="red" title={t("account.loadFailed")}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorText(user.error)}</Text>
            <Button size="xs" variant="light" onClick={() => void user.refetch()}>
              {t("account.retry")}
            </Button>
          </Stack>
        </Alert>
      ) : user.data ? (
        <>
          <ProfileForm key={user.data.id} user={user.data} />
          <PasswordForm />
        </>
      ) : (
        <Paper withBorder radius="md" p="lg" aria-busy="true">
          <Stack gap="lg">
            <Skeleton height={64} circle />
            {[0, 1, 2].map((key) => (
              <Stack key={key} gap={6}>
                <Skeleton height={14} width={120} />
                <Skeleton height={36} />
              </Stack>
            ))}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
