// The rich-text editor (Mantine's tiptap editor), loaded on demand by RichTextField so tiptap
// stays out of the admin's first download. Toolbar: bold, italic, underline, strike, headings,
// lists, link, alignment, image (uploaded through the API client) and a font size among the
// core's allowed sizes (or the sizes a caller is given, as the theme editor's fields are); tiptap's keyboard shortcuts (Ctrl+B, Ctrl+I, Ctrl+U, Ctrl+K ...) work.
// The HTML it writes is what the server keeps (server/src/routes/pages.rs `sanitize`).
import "@mantine/tiptap/styles.css";
import { NativeSelect } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { Link, RichTextEditor as Mantine, type RichTextEditorLabels, getUploadImageExtension } from "@mantine/tiptap";
import Image from "@tiptap/extension-image";
import TextAlign from "@tiptap/extension-text-align";
import { FontSize, TextStyle } from "@tiptap/extension-text-style";
import { type Editor, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { type TFunction } from "i18next";
import { useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { contentChoices } from "../../core";
import { errorText } from "../../lib/errors";
import { uploadImage } from "../../lib/uploadImage";
import { bodyHtml, fontSizeChoice, fontSizeLength } from "./fontSize";

export interface RichTextEditorProps {
  /** The id of the visible label that names the editing area. */
  labelId: string;
  /** The id of a text describing the field (its error), if any. */
  describedBy?: string;
  value: string;
  onChange: (html: string) => void;
  /** The font sizes (px) the picker offers; the core's content sizes when not given. */
  sizes?: readonly number[];
  /** The editing area's least height (px). */
  minHeight?: number;
}

function labels(t: TFunction): Partial<RichTextEditorLabels> {
  return {
    boldControlLabel: t("richText.bold"),
    italicControlLabel: t("richText.italic"),
    underlineControlLabel: t("richText.underline"),
    strikeControlLabel: t("richText.strike"),
    clearFormattingControlLabel: t("richText.clearFormatting"),
    h1ControlLabel: t("richText.heading", { level: 1 }),
    h2ControlLabel: t("richText.heading", { level: 2 }),
    h3ControlLabel: t("richText.heading", { level: 3 }),
    h4ControlLabel: t("richText.heading", { level: 4 }),
    bulletListControlLabel: t("richText.bulletList"),
    orderedListControlLabel: t("richText.orderedList"),
    linkControlLabel: t("richText.link"),
    unlinkControlLabel: t("richText.unlink"),
    alignLeftControlLabel: t("richText.alignLeft"),
    alignCenterControlLabel: t("richText.alignCenter"),
    alignRightControlLabel: t("richText.alignRight"),
    alignJustifyControlLabel: t("richText.alignJustify"),
    imageUploadControlLabel: t("richText.image"),
    undoControlLabel: t("richText.undo"),
    redoControlLabel: t("richText.redo"),
    linkEditorInputLabel: t("richText.linkAddress"),
    linkEditorInputPlaceholder: "https://",
    linkEditorExternalLink: t("richText.linkNewTab"),
    linkEditorInternalLink: t("richText.linkSameTab"),
    linkEditorSave: t("richText.linkSave"),
  };
}

/** An uploaded picture's alternative text until someone writes a better one: its file name. */
function altFromFileName(name: string): string {
  return name
    .replace(/\.[a-z0-9]+$/i, "")
    .replace(/[-_]+/g, " ")
    .trim();
}

/** The font size of the text at the cursor, picked among the core's allowed sizes. */
function FontSizePicker({ editor, sizes }: { editor: Editor | null; sizes: readonly number[] }) {
  const { t } = useTranslation();
  const current = useEditorState({
    editor,
    selector: ({ editor: e }) => fontSizeChoice(e?.getAttributes("textStyle").fontSize, sizes),
  });
  return (
    <NativeSelect
      size="xs"
      aria-label={t("richText.fontSize")}
      value={current ?? ""}
      disabled={!editor}
      data={[{ value: "", label: t("richText.defaultSize") }, ...sizes.map((size) => ({ value: String(size), label: t("richText.size", { size }) }))]}
      onChange={(event) => {
        if (!editor) return;
        const length = fontSizeLength(event.currentTarget.value);
        const chain = editor.chain().focus();
        void (length ? chain.setFontSize(length) : chain.unsetFontSize()).run();
      }}
    />
  );
}

export default function RichTextEditor({
  labelId,
  describedBy,
  value,
  onChange,
  sizes = contentChoices.richTextFontSizesPx,
  minHeight = 240,
}: RichTextEditorProps) {
  const { t } = useTranslation();
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  }, [onChange]);
  const extensions = useMemo(
    () => [
      StarterKit.configure({ link: false }),
      Link.configure({ openOnClick: false }),
      TextStyle,
      FontSize,
      TextAlign.configure({ types: ["heading", "paragraph"] }),
      getUploadImageExtension(Image, {
        onImageUpload: async (file: File) => ({ src: await uploadImage(file), alt: altFromFileName(file.name) }),
        onImageUploadError: (_file: File, error: unknown) => notifications.show({ color: "red", title: t("richText.uploadFailed"), message: errorText(error) }),
      }),
    ],
    [t],
  );
  const editor = useEditor({
    extensions,
    content: value,
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
      },
    },
    onUpdate: ({ editor: e }) => changed.current(bodyHtml(e.getHTML(), e.isEmpty)),
  });
  // A value set from outside (not typed here) replaces the document.
  useEffect(() => {
    if (editor && !editor.isDestroyed && value !== bodyHtml(editor.getHTML(), editor.isEmpty)) {
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value]);

  return (
    <Mantine editor={editor} labels={labels(t)}>
      <Mantine.Toolbar sticky stickyOffset="var(--app-shell-header-offset, 0px)">
        <Mantine.ControlsGroup>
          <Mantine.Bold />
          <Mantine.Italic />
          <Mantine.Underline />
          <Mantine.Strikethrough />
          <Mantine.ClearFormatting />
        </Mantine.ControlsGroup>
        <Mantine.ControlsGroup>
          <FontSizePicker editor={editor} sizes={sizes} />
        </Mantine.ControlsGroup>
        <Mantine.ControlsGroup>
          <Mantine.H1 />
          <Mantine.H2 />
          <Mantine.H3 />
          <Mantine.H4 />
        </Mantine.ControlsGroup>
        <Mantine.ControlsGroup>
          <Mantine.BulletList />
          <Mantine.OrderedList />
        </Mantine.ControlsGroup>
        <Mantine.ControlsGroup>
          <Mantine.Link />
          <Mantine.Unlink />
          <Mantine.ImageUpload accept="image/png,image/jpeg,image/gif,image/webp" />
        </Mantine.ControlsGroup>
        <Mantine.ControlsGroup>
          <Mantine.AlignLeft />
          <Mantine.AlignCenter />
          <Mantine.AlignRight />
          <Mantine.AlignJustify />
        </Mantine.ControlsGroup>
        <Mantine.ControlsGroup>
          <Mantine.Undo />
          <Mantine.Redo />
        </Mantine.ControlsGroup>
      </Mantine.Toolbar>
      <Mantine.Content mih={minHeight} />
    </Mantine>
  );
}
