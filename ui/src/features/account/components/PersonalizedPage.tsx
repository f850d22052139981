// Personalized products (website.product-personalized): the set-ups of the store's personalized
// products, paged on the server, with the fonts their text layers may use.
import { ActionIcon, Anchor, Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { RowsSkeleton } from "../../../components/Skeletons";
import { errorText } from "../../../lib/errors";
import type { Personalize } from "../../../types/generated/Personalize";
import type { PersonalizeFont } from "../../../types/generated/PersonalizeFont";
import { ConfirmDialog } from "../../../components/records/ConfirmDialog";
import { type Column, ListPage, useListParams } from "../../../components/records/ListPage";
import { products } from "../../products";
import { personalizes, useAddFont, useFonts, usePersonalizeCount, useRemoveFont } from "../api/account";
import { FormCard } from "./FormCard";
import { NotForDropship } from "./NotForDropship";
import { notifySaved } from "../../../lib/notifySaved";
import { useFormats } from "../../../hooks/useFormats";
import { PAGE_WIDTH } from "../../../components/widths";
import { shellConstants } from "../../../core";

const PAGE_SIZE = shellConstants.listPageSize;
export const PERSONALIZED_BASE = "/product-personalized";

/** A product's title, asked for by id (cached, so a product named by several set-ups is asked
 * for once): any product of the store, however many it has. A product that is gone (404) is
 * said as such. */
function ProductTitle({ id }: { id: string }) {
  const { t } = useTranslation();
  const product = products.useOne(id);
  if (product.isPending) return <Text size="sm">…</Text>;
  if (product.isError || !product.data)
    return (
      <Text size="sm" c="dimmed">
        {t("account.personalized.productGone")}
      </Text>
    );
  return <Text size="sm">{product.data.title}</Text>;
}

function Fonts() {
  const { t } = useTranslation();
  const fonts = useFonts();
  const add = useAddFont();
  const remove = useRemoveFont();
  const [name, setName] = useState("");
  const [fontUrl, setFontUrl] = useState("");
  const [removing, setRemoving] = useState<PersonalizeFont | null>(null);

  function submit() {
    add.mutate(
      { name: name.trim(), fontUrl: fontUrl.trim() },
      {
        onSuccess: () => {
          setName("");
          setFontUrl("");
          notifySaved(t("account.fonts.added"));
        },
      },
    );
  }

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" component="section" aria-label={t("account.fonts.title")}>
        <Stack gap={2} p="md">
          <Title order={2} fz="h4">
            {t("account.fonts.title")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("account.fonts.hint")}
          </Text>
        </Stack>
        {fonts.isError ? (
          <Text c="red" p="md" size="sm">
            {errorText(fonts.error)}
          </Text>
        ) : fonts.isPending ? (
          <RowsSkeleton rows={2} columns={2} />
        ) : fonts.data.length === 0 ? (
          <Text c="dimmed" p="md" size="sm">
            {t("account.fonts.none")}
          </Text>
        ) : (
          <ul style={{ listStyle: "none", padding: 0, margin: 0 }}>
            {fonts.data.map((font) => (
              <li key={font.id}>
                <Group justify="space-between" wrap="nowrap" px="md" py="xs" style={{ borderTop: "1px solid var(--mantine-color-gray-2)" }}>
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600}>{font.name}</Text>
                    <Text size="xs" c="dimmed" truncate>
                      {font.fontUrl}
                    </Text>
                  </div>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    onClick={() => setRemoving(font)}
                    aria-label={t("account.fonts.remove", { name: font.name })}
                    loading={remove.isPending && remove.variables === font.id}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </li>
            ))}
          </ul>
        )}
        {remove.isError && (
          <Text c="red" px="md" pb="md" size="sm">
            {errorText(remove.error)}
          </Text>
        )}
      </Paper>
      <FormCard title={t("account.fonts.add")} error={add.error} saving={add.isPending} submitLabel={t("account.fonts.addSubmit")} onSubmit={submit}>
        <Group grow wrap="wrap" align="flex-start">
          <TextInput label={t("account.fonts.name")} value={name} onChange={(event) => setName(event.currentTarget.value)} miw={200} />
          <TextInput
            label={t("account.fonts.url")}
            description={t("account.fonts.urlHint")}
            placeholder="https://"
            value={fontUrl}
            onChange={(event) => setFontUrl(event.currentTarget.value)}
            miw={200}
          />
        </Group>
      </FormCard>
      <ConfirmDialog
        opened={removing !== null}
        question={t("account.fonts.removeQuestion", { name: removing?.name ?? "" })}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) remove.mutate(removing.id);
          setRemoving(null);
        }}
      />
    </Stack>
  );
}

function PersonalizedList() {
  const formats = useFormats();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useListParams();
  const query = personalizes.useList({ page: list.page, limit: PAGE_SIZE });
  const count = usePersonalizeCount();
  const open = (row: Personalize) => `${PERSONALIZED_BASE}/${row.id}`;
  const columns: Column<Personalize>[] = [
    {
      key: "name",
      header: t("account.personalized.name"),
      render: (row) => (
        <Anchor component={Link} to={open(row)} fw={600} onClick={(event) => event.stopPropagation()}>
          {row.name}
        </Anchor>
      ),
    },
    { key: "product", header: t("account.personalized.product"), render: (row) => <ProductTitle id={row.productId} /> },
    { key: "layers", header: t("account.personalized.layers"), align: "right", render: (row) => row.layers.length },
    { key: "updated", header: t("account.personalized.updated"), render: (row) => formats.date(Date.parse(row.updatedDate), "date") },
  ];
  return (
    <ListPage
      title={t("account.personalized.title")}
      actions={
        <>
          {count.data && (
            <Badge variant="light" size="lg">
              {t("account.personalized.count", { count: count.data.count })}
            </Badge>
          )}
          <Button component={Link} to={`${PERSONALIZED_BASE}/create`} leftSection={<IconPlus size={16} />}>
            {t("account.personalized.add")}
          </Button>
        </>
      }
      query={query}
      columns={columns}
      rowKey={(row) => row.id}
      onOpen={(row) => void navigate(open(row))}
      pageSize={PAGE_SIZE}
      list={list}
      empty={{
        title: t("account.personalized.none"),
        body: t("account.personalized.noneBody"),
        action: (
          <Button component={Link} to={`${PERSONALIZED_BASE}/create`} variant="light" mt="xs">
            {t("account.personalized.add")}
          </Button>
        ),
      }}
    />
  );
}

export function PersonalizedPage() {
  return (
    <NotForDropship>
      <Stack gap="xl" maw={PAGE_WIDTH.list} mx="auto">
        <PersonalizedList />
        <Fonts />
      </Stack>
    </NotForDropship>
  );
}
