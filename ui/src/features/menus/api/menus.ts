// The menu calls: /stores/onlinestore/menus/ (every menu, unpaged), .../menus/{id}.
import type { MenuInput } from "../../../types/generated/MenuInput";
import type { NavigationMenu } from "../../../types/generated/NavigationMenu";
import { resource } from "../../../components/records/resource";

export const menus = resource<NavigationMenu, MenuInput>({
  key: "menus",
  path: "/stores/onlinestore/menus",
  slash: true,
  read: (answer) => {
    const rows = answer as NavigationMenu[];
    return { rows, total: rows.length };
  },
});

export function menuInput(menu: NavigationMenu): MenuInput {
  return { title: menu.title, handle: menu.handle, items: menu.items };
}
