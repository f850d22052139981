// The permissions a staff member may be given, as checkboxes (the server's list of role keys).
// Only those the signed-in member may grant or take away can be changed (the core's rule: a
// member grants only scopes they hold, only the owner grants the owner-only ones, nobody
// changes their own); the others show as they are, disabled.
import { Checkbox, SimpleGrid, Skeleton, Text } from "@mantine/core";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { grantableScopes } from "../../../core";
import { useUserInfo } from "../../../hooks/useStoreData";
import { translateCore } from "../../../i18n";
import { usePermissions } from "../api/staff";

export function ScopesField({
  value,
  onChange,
  own = false,
}: {
  value: string[];
  onChange: (scopes: string[]) => void;
  /** The member's own permissions: nobody changes those. */
  own?: boolean;
}) {
  const { t } = useTranslation();
  const permissions = usePermissions();
  const me = useUserInfo();
  const grantable = useMemo(() => new Set(own || !me.data ? [] : grantableScopes(me.data.isStoreOwner, me.data.scopes)), [own, me.data]);
  const limited = Boolean(permissions.data?.some((permission) => !grantable.has(permission.key)));
  return (
    <Checkbox.Group
      label={t("staff.permissions")}
      description={own ? t("staff.ownScopes") : limited ? t("staff.grantableOnly") : undefined}
      value={value}
      onChange={onChange}
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} mt="xs">
        {permissions.data && me.data
          ? permissions.data.map((permission) => (
              <Checkbox
                key={permission.key}
                value={permission.key}
                disabled={!grantable.has(permission.key)}
                label={translateCore(`scope.${permission.key}`, permission.label)}
              />
            ))
          : Array.from({ length: 9 }, (_, index) => <Skeleton key={index} height={20} />)}
      </SimpleGrid>
      {limited && !own && (
        <Text size="xs" c="dimmed" mt="xs">
          {t("staff.ownerOnly")}
        </Text>
      )}
    </Checkbox.Group>
  );
}
