// The permissions a staff member may be given, as checkboxes (the server's list of role keys).
import { Checkbox, SimpleGrid, Skeleton } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { translateCore } from "../../../i18n";
import { usePermissions } from "./api";

export function ScopesField({ value, onChange }: { value: string[]; onChange: (scopes: string[]) => void }) {
  const { t } = useTranslation();
  const permissions = usePermissions();
  return (
    <Checkbox.Group label={t("staff.permissions")} value={value} onChange={onChange}>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} mt="xs">
        {permissions.data
          ? permissions.data.map((permission) => (
              <Checkbox key={permission.key} value={permission.key} label={translateCore(`scope.${permission.key}`, permission.label)} />
            ))
          : Array.from({ length: 9 }, (_, index) => <Skeleton key={index} height={20} />)}
      </SimpleGrid>
    </Checkbox.Group>
  );
}
