// "View store": opens the store's public address (from the server's one definition of it,
// `publicUrl` of GET /stores/current) in a new tab.
import { Button } from "@mantine/core";
import { IconExternalLink } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useStoreUrl } from "../hooks/useStoreData";

export function ViewStoreButton({ label }: { label?: string }) {
  const { t } = useTranslation();
  const url = useStoreUrl();
  if (!url) return null;
  return (
    <Button component="a" href={url} target="_blank" rel="noopener" variant="default" leftSection={<IconExternalLink size={16} />}>
      {label ?? t("firsthour.viewStore")}
    </Button>
  );
}
