// The editor's calls: the theme config (GET, and the command batch that saves it), the user's
// unsaved draft kept for their other devices (read, write, discard), the theme's live session
// (join, send commands, follow its stream, presence, save), the version history (list, one,
// restore), and the catalog the pickers read (collections, products, published pages,
// menus, image upload). Paths are the server's (server/src/routes/themes.rs).
import { createParser } from "eventsource-parser";
import { shellConstants } from "../../../core";
import { ApiError, api, apiResponse } from "../../../lib/api";
import type { BatchOutcome } from "../../../types/generated/BatchOutcome";
import type { Collection } from "../../../types/generated/Collection";
import type { CommandBatch } from "../../../types/generated/CommandBatch";
import type { EditorData } from "../../../types/generated/EditorData";
import type { LiveBehind } from "../../../types/generated/LiveBehind";
import type { LiveCommand } from "../../../types/generated/LiveCommand";
import type { LiveCommandsAck } from "../../../types/generated/LiveCommandsAck";
import type { LiveCommandsInput } from "../../../types/generated/LiveCommandsInput";
import type { LivePresence } from "../../../types/generated/LivePresence";
import type { LivePresenceInput } from "../../../types/generated/LivePresenceInput";
import type { LiveSaved } from "../../../types/generated/LiveSaved";
import type { LiveSession } from "../../../types/generated/LiveSession";
import type { NavigationMenu } from "../../../types/generated/NavigationMenu";
import type { Page } from "../../../types/generated/Page";
import type { Product } from "../../../types/generated/Product";
import type { SavedConfig } from "../../../types/generated/SavedConfig";
import type { ThemeConfigRecord } from "../../../types/generated/ThemeConfigRecord";
import type { ThemeDraft } from "../../../types/generated/ThemeDraft";
import type { ThemeDraftAck } from "../../../types/generated/ThemeDraftAck";
import type { ThemeDraftInput } from "../../../types/generated/ThemeDraftInput";
import type { ThemeDraftPatch } from "../../../types/generated/ThemeDraftPatch";
import type { ThemePreviewLink } from "../../../types/generated/ThemePreviewLink";
import type { ThemeVersion } from "../../../types/generated/ThemeVersion";
import type { ThemeVersionDetail } from "../../../types/generated/ThemeVersionDetail";
import type { UploadedImage } from "../../../types/generated/UploadedImage";

const theme = (themeId: string) => `/stores/onlinestore/themes/${encodeURIComponent(themeId)}`;

/** The theme's signed preview link: its token lets the preview frame show this theme and
 * render the editor's unsaved config (without it the storefront shows only the published one). */
export function fetchPreviewLink(themeId: string, signal?: AbortSignal): Promise<ThemePreviewLink> {
  return api<ThemePreviewLink>(`${theme(themeId)}/preview`, { method: "POST", signal });
}

/** The theme's config record (the server answers a list; the first is used, spec §7). */
export async function fetchConfig(themeId: string, signal?: AbortSignal): Promise<ThemeConfigRecord> {
  // Its HTML texts cleaned by the server: the preview frame renders the document as it is.
  const records = await api<ThemeConfigRecord[]>(`${theme(themeId)}/config?cleanHtml=true`, { signal });
  const first = records[0];
  if (!first) throw new ApiError(404, []);
  return first;
}

/** What the editor knows of the signed-in user: `showFullSettings` for support's addresses. */
export function fetchEditorData(signal?: AbortSignal): Promise<EditorData> {
  return api<EditorData>("/stores/onlinestore/themes/editor", { signal });
}

/** Sends a batch of commands made against `baseVersion`; a retried `batchId` is applied once. */
export function postBatch(themeId: string, batch: CommandBatch): Promise<BatchOutcome> {
  return api<BatchOutcome>(`${theme(themeId)}/commands`, { method: "POST", body: batch });
}

/** The signed-in user's unsaved draft of the theme, or `null` when they have none (204). */
export async function fetchDraft(themeId: string, signal?: AbortSignal): Promise<ThemeDraft | null> {
  return (await api<ThemeDraft | null>(`${theme(themeId)}/draft`, { signal })) ?? null;
}

/** Keeps the unsaved commands on the server for the user's other devices; publishes nothing. */
export function putDraft(themeId: string, draft: ThemeDraftInput): Promise<ThemeDraft> {
  return api<ThemeDraft>(`${theme(themeId)}/draft`, { method: "PUT", body: draft });
}

/** Adds the commands made since the server's copy at `patch.revision` (its first `patch.keep`
 * commands stay); a 409 when that copy changed meanwhile. */
export function patchDraft(themeId: string, patch: ThemeDraftPatch): Promise<ThemeDraftAck> {
  return api<ThemeDraftAck>(`${theme(themeId)}/draft`, { method: "PATCH", body: patch });
}

/** Discards the user's draft on the server. */
export async function deleteDraft(themeId: string): Promise<void> {
  await api<unknown>(`${theme(themeId)}/draft`, { method: "DELETE" });
}

export function fetchVersions(themeId: string, signal?: AbortSignal): Promise<ThemeVersion[]> {
  return api<ThemeVersion[]>(`${theme(themeId)}/versions`, { signal });
}

export function fetchVersion(themeId: string, version: number): Promise<ThemeVersionDetail> {
  return api<ThemeVersionDetail>(`${theme(themeId)}/versions/${version}?cleanHtml=true`);
}

export function restoreVersion(themeId: string, version: number, current: number): Promise<SavedConfig> {
  return api<SavedConfig>(`${theme(themeId)}/versions/${version}/restore`, {
    method: "POST",
    headers: { "If-Match": `"${current}"` },
  });
}

/** One page of a picker's search: its rows and how many match in all. */
export interface PickerPage<T> {
  items: T[];
  total: number;
}

/** How many rows a picker loads at a time ("Load more" asks for the next page). */
export const PICKER_PAGE_SIZE = shellConstants.listPageSize;

/** A page of the store's collections whose titles match `search` (server/src/routes/catalog.rs). */
export async function searchCollections(search: string, page: number, signal?: AbortSignal): Promise<PickerPage<Collection>> {
  const query = new URLSearchParams({ page: String(page), limit: String(PICKER_PAGE_SIZE) });
  if (search.trim()) query.set("search", search.trim());
  const list = await api<{ collections: Collection[]; total: number | bigint }>(`/stores/collections?${query}`, { signal });
  return { items: list.collections, total: Number(list.total) };
}

/** A page of the products of the collection `chandle` whose titles match `search`. */
export async function searchProducts(chandle: string, search: string, page: number, signal?: AbortSignal): Promise<PickerPage<Product>> {
  const query = new URLSearchParams({ page: String(page), limit: String(PICKER_PAGE_SIZE), chandle });
  if (search.trim()) query.set("search", search.trim());
  const list = await api<{ products: Product[]; total: number | bigint }>(`/stores/products?${query}`, { signal });
  return { items: list.products, total: Number(list.total) };
}

/** The store's pages; only the published ones are kept (spec §7). */
export async function publishedPages(signal?: AbortSignal): Promise<Page[]> {
  const list = await api<{ pages: Page[] }>(`/stores/onlinestore/pages/?published=true&limit=100`, { signal });
  return list.pages.filter((page) => page.published);
}

export function fetchMenus(signal?: AbortSignal): Promise<NavigationMenu[]> {
  return api<NavigationMenu[]>(`/stores/onlinestore/menus/`, { signal });
}

/** Uploads an image; answers its address (`src`, or `fullPath`). */
export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append("file", file);
  const body = await api<UploadedImage>("/stores/onlinestore/images", { method: "POST", form });
  return body.src || body.fullPath;
}

/** Joins the theme's live session: the shared working draft at the session's head, and who is
 * in the editor. */
export function joinLive(themeId: string, signal?: AbortSignal): Promise<LiveSession> {
  return api<LiveSession>(`${theme(themeId)}/live`, { signal });
}

/** Sends an editor's commands made at `input.base`: taken (their numbers), or 409 with the
 * commands the editor missed. */
export async function sendLiveCommands(themeId: string, input: LiveCommandsInput): Promise<{ taken: LiveCommandsAck } | { behind: LiveBehind }> {
  const response = await apiResponse(`${theme(themeId)}/live/commands`, { method: "POST", body: input, answers: [409] });
  const body: unknown = await response.json();
  return response.status === 409 ? { behind: body as LiveBehind } : { taken: body as LiveCommandsAck };
}

/** Saves the working draft as the theme's next version. */
export function saveLive(themeId: string): Promise<LiveSaved> {
  return api<LiveSaved>(`${theme(themeId)}/live/save`, { method: "POST" });
}

/** Says where this editor is (the section open, the field typed in). */
export async function putLivePresence(themeId: string, input: LivePresenceInput): Promise<void> {
  await api<unknown>(`${theme(themeId)}/live/presence`, { method: "PUT", body: input });
}

/** The events of a live session's stream, by name (see the server's `follow`). */
export interface LiveEvents {
  hello(data: { head: number }): void;
  commands(data: LiveCommand[]): void;
  presence(data: LivePresence[]): void;
  saved(data: LiveSaved): void;
  reset(data: { head: number; version: number }): void;
  ended(data: { messages: string[] }): void;
}

/** Follows the session's stream from the sequence number `after` until it ends (the server ends
 * it after a while, or on `reset`/`ended`) or `signal` aborts; throws an ApiError when it cannot
 * be opened or the connection drops. Server-sent events read from a `fetch` (which carries the
 * bearer token an EventSource cannot). */
export async function followLive(themeId: string, after: number, on: LiveEvents, signal: AbortSignal): Promise<void> {
  const response = await apiResponse(`${theme(themeId)}/live/events?after=${after}`, { signal, headers: { Accept: "text/event-stream" } });
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
  if (!reader) throw new ApiError(0, []);
  const parser = createParser({
    onEvent(event) {
      const name = event.event as keyof LiveEvents | undefined;
      if (!name || !(name in on)) return;
      let data: unknown;
      try {
        data = JSON.parse(event.data);
      } catch {
        return;
      }
      (on[name] as (value: unknown) => void)(data);
    },
  });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      parser.feed(value);
    }
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") return;
    throw new ApiError(0, []);
  } finally {
    reader.releaseLock();
  }
}
