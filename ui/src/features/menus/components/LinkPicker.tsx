// Where a menu link leads: the core's link kinds, then the product, collection or page itself
// picked from the store's own (searched on the server as the user types), or a typed web
// address. A member who may not list that kind of record (a staff member without the products
// scope) types the handle instead.
import { Select, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { contentChoices } from "../../../core";
import { api } from "../../../lib/api";
import { useSession } from "../../../app/session";
import type { Collection } from "../../../types/generated/Collection";
import type { Link } from "../../../types/generated/Link";
import type { Page } from "../../../types/generated/Page";
import type { Product } from "../../../types/generated/Product";

interface Target {
  handle: string;
  title: string;
}

/** The records a link of `kind` can lead to whose titles match `search`. */
async function targets(kind: string, search: string, signal: AbortSignal): Promise<Target[]> {
  const query = new URLSearchParams({ limit: "20" });
  if (search.trim()) query.set("search", search.trim());
  if (kind === "category") return (await api<{ collections: Collection[] }>(`/stores/collections?${query}`, { signal })).collections;
  if (kind === "product") return (await api<{ products: Product[] }>(`/stores/products?${query}`, { signal })).products;
  // Pages have no search on the server: the store's pages, filtered here by the select.
  return (await api<{ pages: Page[] }>(`/stores/onlinestore/pages/?limit=250`, { signal })).pages;
}

function TargetSelect({ kind, link, label, onChange }: { kind: string; link: Link; label: string; onChange: (link: Link) => void }) {
  const { t } = useTranslation();
  const storeId = useSession((state) => state.storeId);
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 250);
  const serverSearch = kind === "page" ? "" : debounced;
  const found = useQuery({
    queryKey: ["menus", "targets", storeId, kind, serverSearch],
    queryFn: ({ signal }) => targets(kind, serverSearch, signal),
    enabled: Boolean(storeId),
    retry: false,
  });
  const field = t(`library.menus.pick.${kind}`);
  if (found.isError) {
    return (
      <TextInput
        label={field}
        aria-label={`${label}: ${field}`}
        description={t("library.menus.typeHandle")}
        value={link.slug}
        onChange={(event) => onChange({ ...link, slug: event.currentTarget.value, params: { slug: event.currentTarget.value } })}
        style={{ flex: 1, minWidth: 180 }}
      />
    );
  }
  const options = (found.data ?? []).map((target) => ({ value: target.handle, label: target.title }));
  if (link.slug && !options.some((option) => option.value === link.slug)) options.unshift({ value: link.slug, label: link.name ?? link.slug });
  return (
    <Select
      label={field}
      aria-label={`${label}: ${field}`}
      placeholder={t("library.menus.search")}
      searchable
      clearable={false}
      allowDeselect={false}
      data={options}
      value={link.slug || null}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={found.isPending ? t("library.loading") : t("library.menus.nothing")}
      onChange={(value, option) => {
        if (value) onChange({ ...link, slug: value, name: option?.label ?? value, params: { slug: value } });
      }}
      style={{ flex: 1, minWidth: 180 }}
    />
  );
}

export function LinkPicker({ link, label, onChange }: { link: Link; label: string; onChange: (link: Link) => void }) {
  const { t } = useTranslation();
  const kind = link.parent;
  return (
    <>
      <Select
        label={t("menus.fields.leadsTo")}
        aria-label={`${label}: ${t("menus.fields.leadsTo")}`}
        w={150}
        allowDeselect={false}
        value={kind}
        data={contentChoices.linkParents.map((value) => ({ value, label: t(`menus.parents.${value}`) }))}
        onChange={(value) => onChange({ parent: value ?? "home", slug: "" })}
      />
      {kind === "category" || kind === "product" || kind === "page" ? (
        <TargetSelect key={kind} kind={kind} link={link} label={label} onChange={onChange} />
      ) : null}
      {kind === "url" ? (
        <TextInput
          label={t("menus.parents.url")}
          aria-label={`${label}: ${t("menus.parents.url")}`}
          placeholder="https://"
          value={link.slug}
          onChange={(event) => onChange({ ...link, slug: event.currentTarget.value })}
          style={{ flex: 1, minWidth: 180 }}
        />
      ) : null}
    </>
  );
}
