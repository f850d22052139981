// A menu's form: title, handle and its items, each with a title and where it leads (the
// core's link kinds), with one level of sub-items; checked by the core before it is sent.
import { ActionIcon, Button, Group, Paper, Select, Stack, Text, TextInput } from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { checkMenu, contentChoices } from "../../../core";
import type { MenuInput } from "../../../types/generated/MenuInput";
import type { MenuItem } from "../../../types/generated/MenuItem";
import { FormPage } from "../FormPage";
import { useRecordPage } from "../useRecordPage";
import { menuInput, menus } from "./api";
import { MENUS_BASE } from "./MenusPage";

const EMPTY: MenuInput = { title: "", items: [] };
const newItem = (): MenuItem => ({ id: "", title: "", link: { parent: "home", slug: "" }, children: [] });

function ItemFields({
  item,
  onChange,
  onRemove,
  label,
}: {
  item: MenuItem;
  onChange: (item: MenuItem) => void;
  onRemove: () => void;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <TextInput
        label={t("menus.fields.itemTitle")}
        aria-label={`${label}: ${t("menus.fields.itemTitle")}`}
        value={item.title}
        onChange={(e) => onChange({ ...item, title: e.currentTarget.value })}
        style={{ flex: 1, minWidth: 160 }}
      />
      <Select
        label={t("menus.fields.leadsTo")}
        aria-label={`${label}: ${t("menus.fields.leadsTo")}`}
        w={150}
        allowDeselect={false}
        value={item.link.parent}
        data={contentChoices.linkParents.map((value) => ({ value, label: t(`menus.parents.${value}`) }))}
        onChange={(value) => onChange({ ...item, link: { ...item.link, parent: value ?? "home" } })}
      />
      <TextInput
        label={t("menus.fields.slug")}
        aria-label={`${label}: ${t("menus.fields.slug")}`}
        disabled={item.link.parent === "home"}
        value={item.link.slug}
        onChange={(e) => onChange({ ...item, link: { ...item.link, slug: e.currentTarget.value } })}
        style={{ flex: 1, minWidth: 160 }}
      />
      <ActionIcon variant="subtle" color="red" size="lg" onClick={onRemove} aria-label={`${t("menus.removeItem")}: ${label}`}>
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}

export function MenuFormPage() {
  const { t } = useTranslation();
  const { id, record, form, formProps } = useRecordPage({ records: menus, base: MENUS_BASE, toInput: menuInput, empty: EMPTY, check: checkMenu });
  const { input, change } = form;
  const setItem = (index: number, item: MenuItem) => change("items", input.items.map((old, i) => (i === index ? item : old)));
  const removeItem = (index: number) => change("items", input.items.filter((_, i) => i !== index));

  return (
    <FormPage
      back={{ to: MENUS_BASE, label: t("menus.title") }}
      title={id ? (record.data?.title ?? t("menus.edit")) : t("menus.add")}
      {...formProps}
    >
      <TextInput label={t("menus.fields.title")} required value={input.title} onChange={(e) => change("title", e.currentTarget.value)} />
      <TextInput
        label={t("products.fields.handle")}
        description={t("products.fields.handleHint")}
        value={input.handle ?? ""}
        onChange={(e) => change("handle", e.currentTarget.value)}
      />
      <Text fw={500} size="sm">
        {t("menus.items")}
      </Text>
      {input.items.length === 0 && <Text c="dimmed">{t("menus.noItems")}</Text>}
      {input.items.map((item, index) => {
        const label = t("menus.itemN", { n: index + 1 });
        return (
          <Paper key={index} withBorder p="sm" radius="md">
            <Stack gap="xs">
              <ItemFields item={item} label={label} onChange={(next) => setItem(index, next)} onRemove={() => removeItem(index)} />
              {item.children.map((child, childIndex) => (
                <Paper key={childIndex} ml="xl" p="xs" bg="gray.0" radius="sm">
                  <ItemFields
                    item={child}
                    label={t("menus.subItemN", { n: index + 1, m: childIndex + 1 })}
                    onChange={(next) => setItem(index, { ...item, children: item.children.map((c, i) => (i === childIndex ? next : c)) })}
                    onRemove={() => setItem(index, { ...item, children: item.children.filter((_, i) => i !== childIndex) })}
                  />
                </Paper>
              ))}
              <Group>
                <Button
                  variant="subtle"
                  size="xs"
                  leftSection={<IconPlus size={14} />}
                  onClick={() => setItem(index, { ...item, children: [...item.children, newItem()] })}
                >
                  {t("menus.addSubItem")}
                </Button>
              </Group>
            </Stack>
          </Paper>
        );
      })}
      <Group>
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => change("items", [...input.items, newItem()])}>
          {t("menus.addItem")}
        </Button>
      </Group>
    </FormPage>
  );
}
