// The product form's links to the product's print-on-demand editors (print areas, book, book of
// spreads), shown once the product is saved; each opens full-screen at its route of the core's
// table.
import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { IconBook, IconBook2, IconShirt } from "@tabler/icons-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { routePath } from "../../../core";

const EDITORS = [
  { route: "print-hub-editor", label: "designs.open.print", icon: IconShirt },
  { route: "book-editor", label: "designs.open.book", icon: IconBook },
  { route: "book2-editor", label: "designs.open.book2", icon: IconBook2 },
] as const;

export function ProductDesignLinks({ productId }: { productId: string }) {
  const { t } = useTranslation();
  const heading = useId();
  return (
    <Stack component="section" aria-labelledby={heading} gap="xs" mt="sm">
      <div>
        <Title order={2} fz="h5" id={heading}>
          {t("designs.open.title")}
        </Title>
        <Text size="xs" c="dimmed">
          {t("designs.open.hint")}
        </Text>
      </div>
      <Group gap="xs">
        {EDITORS.map(({ route, label, icon: Icon }) => {
          const path = routePath(route);
          return path ? (
            <Button
              key={route}
              component={Link}
              to={path.replace(":id", encodeURIComponent(productId))}
              variant="light"
              size="xs"
              leftSection={<Icon size={14} />}
            >
              {t(label)}
            </Button>
          ) : null;
        })}
      </Group>
    </Stack>
  );
}
