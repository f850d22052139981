// A product's images: uploaded through the API client, each with its alternative text, removed,
// and put in order by dragging (mouse, touch, or the keyboard: Space lifts, the arrows move,
// Space drops). The first image is the product's main picture.
import { DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors } from "@dnd-kit/core";
import { SortableContext, arrayMove, rectSortingStrategy, sortableKeyboardCoordinates, useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ActionIcon, Alert, AspectRatio, Badge, Button, FileButton, Group, Paper, SimpleGrid, Text, TextInput } from "@mantine/core";
import { IconGripVertical, IconPhotoPlus, IconTrash } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { pictureAt, productLimits } from "../../../core";
import { errorText } from "../../../lib/errors";
import type { Image } from "../../../types/generated/Image";
import { uploadImage } from "../../../lib/uploadImage";
import { imageKeys } from "../utils/productForm";

const ACCEPT = "image/png,image/jpeg,image/gif,image/webp";

/** An image's place in the sortable grid; `children` gets the drag handle's props. */
function SortableImage({ id, children }: { id: string; children: (handle: object) => ReactNode }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <div
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : 1, zIndex: isDragging ? 1 : undefined }}
    >
      {children({ ...attributes, ...listeners })}
    </div>
  );
}

export function ProductImages({
  images,
  update,
  errorAt,
}: {
  images: Image[];
  /** Changes the list from its latest value (uploads end after other edits). */
  update: (change: (images: Image[]) => Image[]) => void;
  errorAt: (path: string) => string | undefined;
}) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<unknown>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const keys = imageKeys(images);
  const position = (id: string | number) => keys.indexOf(String(id)) + 1;
  const room = productLimits.imagesMax - images.length;

  function onDragEnd(event: DragEndEvent) {
    const from = keys.indexOf(String(event.active.id));
    const to = event.over ? keys.indexOf(String(event.over.id)) : -1;
    if (from >= 0 && to >= 0 && from !== to) update((list) => arrayMove(list, from, to));
  }

  async function upload(files: File[]) {
    setUploadError(null);
    setUploading(true);
    try {
      for (const file of files.slice(0, Math.max(room, 0))) {
        const src = await uploadImage(file);
        update((list) => [...list, { src, alt: "" }]);
      }
    } catch (error) {
      setUploadError(error);
    } finally {
      setUploading(false);
    }
  }

  const listError = errorAt("images");
  return (
    <>
      {images.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("products.images.none")}
        </Text>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            screenReaderInstructions: { draggable: t("products.images.dragInstructions") },
            announcements: {
              onDragStart: ({ active }) => t("products.images.picked", { n: position(active.id) }),
              onDragOver: ({ active, over }) => (over ? t("products.images.over", { n: position(active.id), to: position(over.id) }) : undefined),
              onDragEnd: ({ active, over }) => (over ? t("products.images.dropped", { n: position(active.id), to: position(over.id) }) : undefined),
              onDragCancel: ({ active }) => t("products.images.cancelled", { n: position(active.id) }),
            },
          }}
        >
          <SortableContext items={keys} strategy={rectSortingStrategy}>
            <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
              {images.map((image, index) => {
                const n = index + 1;
                const key = keys[index] as string;
                return (
                  <SortableImage key={key} id={key}>
                    {(handle) => (
                      <Paper withBorder radius="md" p="xs" data-testid="product-image">
                        <AspectRatio ratio={1}>
                          <img
                            src={pictureAt(image.src, 320)}
                            alt=""
                            style={{ objectFit: "cover", borderRadius: 6, background: "var(--mantine-color-gray-1)" }}
                          />
                        </AspectRatio>
                        <Group justify="space-between" gap={4} mt={6} wrap="nowrap">
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            aria-label={t("products.images.move", { n })}
                            style={{ cursor: "grab", touchAction: "none" }}
                            {...handle}
                          >
                            <IconGripVertical size={16} />
                          </ActionIcon>
                          {index === 0 && (
                            <Badge size="sm" variant="light">
                              {t("products.images.main")}
                            </Badge>
                          )}
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={t("products.images.remove", { n })}
                            onClick={() => update((list) => list.filter((_, i) => i !== index))}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Group>
                        <TextInput
                          mt={6}
                          size="xs"
                          label={t("products.images.alt")}
                          aria-label={t("products.images.altOf", { n })}
                          value={image.alt}
                          error={errorAt(`images.${index}.alt`) ?? errorAt(`images.${index}.src`)}
                          onChange={(event) => {
                            const alt = event.currentTarget.value;
                            update((list) => list.map((item, i) => (i === index ? { ...item, alt } : item)));
                          }}
                        />
                      </Paper>
                    )}
                  </SortableImage>
                );
              })}
            </SimpleGrid>
          </SortableContext>
        </DndContext>
      )}
      {listError && (
        <Text size="sm" c="red">
          {listError}
        </Text>
      )}
      {Boolean(uploadError) && (
        <Alert color="red" title={t("products.images.uploadFailed")} role="alert">
          {errorText(uploadError)}
        </Alert>
      )}
      <Group gap="sm">
        <FileButton onChange={(files) => void upload(files)} accept={ACCEPT} multiple>
          {(props) => (
            <Button {...props} variant="light" leftSection={<IconPhotoPlus size={16} />} loading={uploading} disabled={room <= 0}>
              {t("products.images.upload")}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          {t("products.images.hint", { max: productLimits.imagesMax })}
        </Text>
      </Group>
    </>
  );
}
