// The HTTP client of the API under /api: JSON in and out, the session's bearer token and store
// header attached, and every failure turned into an ApiError carrying the server's messages.
import type { ApiErrorBody } from "../types/generated/ApiErrorBody";

/** A failed call: the HTTP status (0 when the server was not reached) and the messages to show. */
export class ApiError extends Error {
  readonly status: number;
  readonly messages: string[];

  constructor(status: number, messages: string[]) {
    super(messages.join("\n") || `HTTP ${status}`);
    this.name = "ApiError";
    this.status = status;
    this.messages = messages;
  }
}

/** What the client needs of the session to authenticate a call. */
export interface Credentials {
  accessToken?: string | null;
  storeId?: string | null;
}

let credentials: () => Credentials = () => ({});
let onUnauthorized: () => void = () => {};
let renew: () => Promise<boolean> = async () => false;
let renewDue: () => boolean = () => false;

/** Wires the client to the session store (done once, by the app's providers): where the
 * credentials come from, how to renew an expired access token, and what to do when the
 * session is lost. */
export function configureApi(options: {
  credentials: () => Credentials;
  onUnauthorized: () => void;
  renew?: () => Promise<boolean>;
  /** Whether the access token is to be renewed before the next call (the core's verdict). */
  renewDue?: () => boolean;
}) {
  credentials = options.credentials;
  onUnauthorized = options.onUnauthorized;
  renew = options.renew ?? (async () => false);
  renewDue = options.renewDue ?? (() => false);
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === "object" &&
    value !== null &&
    Array.isArray((value as ApiErrorBody).messages) &&
    (value as ApiErrorBody).messages.every((m) => typeof m === "string")
  );
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

interface CallInit {
  method?: string;
  body?: unknown;
  /** A multipart body (an upload), sent as it is instead of `body`. */
  form?: FormData;
  anonymous?: boolean;
  signal?: AbortSignal;
  retried?: boolean;
  /** Headers of this call (e.g. an Idempotency-Key). */
  headers?: Record<string, string>;
  /** Statuses whose body is an answer, not a failure (a 409 that says what to do next). */
  answers?: number[];
}

// The renewal in progress, if any. A refresh token works once: however many calls are refused
// at the same moment, the session is renewed once; calls made meanwhile wait for it instead of
// going out with the expired token, and the refused ones are sent again after it.
let renewing: Promise<boolean> | null = null;

function renewOnce(): Promise<boolean> {
  renewing ??= renew()
    .catch(() => false)
    .finally(() => {
      renewing = null;
    });
  return renewing;
}

/** Sends a call under /api and answers its response when it succeeded; an access token the core
 * says is due is renewed first, and one the server refuses is renewed once, silently, and the
 * call made again. A failure is an ApiError with the
 * server's messages. `anonymous` calls (sign-in) send neither token nor store header. */
export async function apiResponse(path: string, init: CallInit = {}): Promise<Response> {
  // A call made while the session renews waits for the new token; a token expired or about to
  // expire is renewed before the call goes out (once, however many calls start together), so
  // that a page opened on an old session sends no call to be refused.
  if (!init.anonymous && !init.retried && (renewing || renewDue())) await renewOnce();
  const headers: Record<string, string> = { Accept: "application/json", ...init.headers };
  if (init.body !== undefined) headers["Content-Type"] = "application/json";
  let sentToken: string | null | undefined;
  if (!init.anonymous) {
    const { accessToken, storeId } = credentials();
    sentToken = accessToken;
    if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
    if (storeId) headers["X-Store-Id"] = storeId;
  }
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: init.method ?? "GET",
      headers,
      body: init.form ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
      signal: init.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, []);
  }
  if (response.ok || init.answers?.includes(response.status)) return response;
  if (response.status === 401 && !init.anonymous) {
    if (!init.retried) {
      // Refused with a token another call has renewed since: sent again, no second renewal.
      const current = credentials().accessToken;
      const fresh = Boolean(current) && current !== sentToken;
      if (fresh || (await renewOnce())) return apiResponse(path, { ...init, retried: true });
    }
    onUnauthorized();
  }
  const data = parseJson(await response.text());
  throw new ApiError(response.status, isErrorBody(data) ? data.messages : []);
}

/** Calls `path` under /api and answers its JSON. */
export async function api<T>(path: string, init: CallInit = {}): Promise<T> {
  const response = await apiResponse(path, init);
  return parseJson(await response.text()) as T;
}

/** Hands a file the API answered (a CSV export) to the browser as a download, named as the
 * server's Content-Disposition says or else `fallback`. */
export async function saveDownload(response: Response, fallback: string): Promise<void> {
  const name = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1] ?? fallback;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the browser has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
