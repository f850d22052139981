// The collection calls: /stores/collections (search, paging), /stores/collections/{id}.
import type { Collection } from "../../../types/generated/Collection";
import type { CollectionInput } from "../../../types/generated/CollectionInput";
import type { CollectionList } from "../../../types/generated/CollectionList";
import { resource } from "../../../components/records/resource";

export const collections = resource<Collection, CollectionInput>({
  key: "collections",
  path: "/stores/collections",
  read: (answer) => {
    const list = answer as CollectionList;
    return { rows: list.collections, total: Number(list.total) };
  },
});

export function collectionInput(collection: Collection): CollectionInput {
  return {
    title: collection.title,
    handle: collection.handle,
    image: collection.image,
    kind: collection.kind,
    tag: collection.tag,
    productIds: collection.productIds,
  };
}
