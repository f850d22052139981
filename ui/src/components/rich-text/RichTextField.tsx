// A form field of rich text: its label and error, and the editor (RichTextEditor.tsx, with
// tiptap) loaded when the field is first shown, with a skeleton meanwhile. Should the editor's
// code fail to load, the field falls back to the HTML in a text area, so nothing is lost.
import { Alert, Input, Skeleton, Stack, Textarea } from "@mantine/core";
import { Component, type ReactNode, Suspense, lazy, useId } from "react";
import { useTranslation } from "react-i18next";

const RichTextEditor = lazy(() => import("./RichTextEditor"));

class LoadFailure extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export function RichTextField({
  label,
  value,
  onChange,
  error,
  description,
  sizes,
  minHeight,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string;
  description?: string;
  /** The font sizes (px) offered; the core's content sizes when not given. */
  sizes?: readonly number[];
  minHeight?: number;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const errorId = useId();
  const fallback = (
    <Stack gap="xs">
      <Alert color="orange" variant="light" role="status">
        {t("richText.loadFailed")}
      </Alert>
      <Textarea aria-labelledby={labelId} autosize minRows={8} value={value} onChange={(event) => onChange(event.currentTarget.value)} />
    </Stack>
  );
  return (
    <Input.Wrapper label={label} labelElement="div" labelProps={{ id: labelId }} description={description} error={error} errorProps={{ id: errorId }}>
      <LoadFailure fallback={fallback}>
        <Suspense fallback={<Skeleton height={300} radius="sm" aria-label={t("richText.loading")} />}>
          <RichTextEditor labelId={labelId} describedBy={error ? errorId : undefined} value={value} onChange={onChange} sizes={sizes} minHeight={minHeight} />
        </Suspense>
      </LoadFailure>
    </Input.Wrapper>
  );
}
