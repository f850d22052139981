// The image upload call of the content forms: POST /stores/onlinestore/images (multipart field
// `file`) through the API client, so an expired session is renewed like any other call.
import { api } from "./api";
import type { UploadedImage } from "../types/generated/UploadedImage";

/** Uploads an image; answers its address (`src`, or `fullPath`). */
export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append("file", file);
  const body = await api<UploadedImage>("/stores/onlinestore/images", { method: "POST", form });
  return body.src || body.fullPath;
}
