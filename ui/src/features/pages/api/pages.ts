// The page calls: /stores/onlinestore/pages/ (paging, published), .../pages/{id}.
import type { Page } from "../../../types/generated/Page";
import type { PageInput } from "../../../types/generated/PageInput";
import type { PageList } from "../../../types/generated/PageList";
import { resource } from "../../../components/records/resource";

export const pages = resource<Page, PageInput>({
  key: "pages",
  path: "/stores/onlinestore/pages",
  slash: true,
  read: (answer) => {
    const list = answer as PageList;
    return { rows: list.pages, total: Number(list.total) };
  },
});

export function pageInput(page: Page): PageInput {
  return { title: page.title, handle: page.handle, bodyHtml: page.bodyHtml, published: page.published };
}
