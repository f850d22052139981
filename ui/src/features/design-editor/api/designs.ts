// The design calls: a product's design of a kind with its version
// (/stores/products/{id}/designs/{kind}), its save with If-Match, and the image upload.
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import type { Design } from "../../../types/generated/Design";
import type { DesignKind } from "../../../types/generated/DesignKind";
import type { SavedDesign } from "../../../types/generated/SavedDesign";
import type { UploadedImage } from "../../../types/generated/UploadedImage";

function path(productId: string, kind: DesignKind): string {
  return `/stores/products/${encodeURIComponent(productId)}/designs/${kind}`;
}

/** The product's design of `kind` (the default one at version 0 until the first save). */
export function useDesign(productId: string | undefined, kind: DesignKind) {
  return useQuery({
    queryKey: ["design", productId, kind],
    queryFn: ({ signal }) => api<SavedDesign>(path(productId ?? "", kind), { signal }),
    enabled: Boolean(productId),
    // The editor holds its own copy; a background refetch must not replace it.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/** Saves the whole design over `version`; a stale version answers 412. */
export function saveDesign(productId: string, kind: DesignKind, design: Design, version: number): Promise<SavedDesign> {
  return api<SavedDesign>(path(productId, kind), { method: "PUT", body: design, headers: { "If-Match": `"${version}"` } });
}

/** Uploads an image to the store; answers its address. */
export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append("file", file);
  const body = await api<UploadedImage>("/stores/onlinestore/images", { method: "POST", form });
  return body.src || body.fullPath;
}
