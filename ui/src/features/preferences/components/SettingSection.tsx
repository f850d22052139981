// A section of Preferences saved on its own (shipping, taxes): its title with its Save button, a
// hint, why the last save was refused, and its fields, or a placeholder while they load. Save
// waits for the fields, and for a change where the section tells whether there is one.
import { Button, Group, Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import type { FormEvent, ReactNode } from "react";
import { FormProblems } from "../../../components/records/FormProblems";

export function SettingSection(props: {
  id: string;
  title: string;
  hint: string;
  saveLabel: string;
  saving: boolean;
  /** Nothing typed differs from what is saved (Save is off); absent: Save is always on. */
  unchanged?: boolean;
  /** The fields, or null while the saved values load. */
  children: ReactNode | null;
  problems: string[];
  saveError: unknown;
  loadError: unknown;
  onSubmit: () => void;
}) {
  const { id, title, hint, saveLabel, saving, unchanged = false, children, problems, saveError, loadError, onSubmit } = props;
  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }
  return (
    <Paper withBorder radius="md" p="lg" component="form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`} maw={800} mx="auto" mt="md">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} fz="h4" id={`${id}-title`}>
            {title}
          </Title>
          <Button type="submit" loading={saving} disabled={children === null || unchanged}>
            {saveLabel}
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
        <FormProblems problems={problems} saveError={saveError} loadError={loadError} />
        {children ?? (!loadError && <Skeleton height={60} />)}
      </Stack>
    </Paper>
  );
}
