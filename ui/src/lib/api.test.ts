// The API client's error handling, against a stubbed fetch.
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, api, apiResponse, configureApi } from "./api";

afterEach(() => vi.unstubAllGlobals());

async function failure(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

function respond(status: number, body: string) {
  const fetchMock = vi.fn(async () => new Response(body, { status }));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

describe("api", () => {
  it("sends the token and store header on authenticated calls only", async () => {
    configureApi({ credentials: () => ({ accessToken: "t", storeId: "s" }), onUnauthorized: () => {} });
    const fetchMock = respond(200, "{}");
    await api("/users/info");
    await api("/auth/login", { method: "POST", body: {}, anonymous: true });
    const [, first] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    const [, second] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(first.headers).toMatchObject({ Authorization: "Bearer t", "X-Store-Id": "s" });
    expect(second.headers).not.toHaveProperty("Authorization");
    expect(second.headers).not.toHaveProperty("X-Store-Id");
  });

  it("carries the server's messages in the error", async () => {
    respond(401, JSON.stringify({ messages: ["The email or password is incorrect."] }));
    const error = await failure(api("/auth/login", { method: "POST", body: {}, anonymous: true }));
    expect(error.status).toBe(401);
    expect(error.messages).toEqual(["The email or password is incorrect."]);
  });

  it("gives no messages for a body that is not the error shape", async () => {
    respond(502, "<html>bad gateway</html>");
    const error = await failure(api("/health"));
    expect(error.status).toBe(502);
    expect(error.messages).toEqual([]);
  });

  it("reports an unreachable server as status 0", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    const error = await failure(api("/health"));
    expect(error.status).toBe(0);
  });

  it("renews once and repeats the call when the access token has expired", async () => {
    let token = "old";
    const lost = vi.fn();
    configureApi({
      credentials: () => ({ accessToken: token }),
      onUnauthorized: lost,
      renew: async () => {
        token = "new";
        return true;
      },
    });
    const fetchMock = vi.fn(async (_url: string, init: RequestInit) =>
      (init.headers as Record<string, string>).Authorization === "Bearer new"
        ? new Response('{"ok":true}', { status: 200 })
        : new Response('{"messages":["expired"]}', { status: 401 }),
    );
    vi.stubGlobal("fetch", fetchMock);
    await expect(api("/users/info")).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(lost).not.toHaveBeenCalled();
  });

  it("renews a token the core says is due before the calls go out: none is refused", async () => {
    let token = "old";
    const renew = vi.fn(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      token = "new";
      return true;
    });
    configureApi({ credentials: () => ({ accessToken: token }), onUnauthorized: () => {}, renew, renewDue: () => token === "old" });
    const fetchMock = vi.fn(async (_url: string, init: RequestInit) =>
      (init.headers as Record<string, string>).Authorization === "Bearer new"
        ? new Response('{"ok":true}', { status: 200 })
        : new Response('{"messages":["expired"]}', { status: 401 }),
    );
    vi.stubGlobal("fetch", fetchMock);
    // A page's first calls, all at once.
    await expect(Promise.all([api("/users/info"), api("/stores/current"), api("/users/stores")])).resolves.toHaveLength(3);
    expect(renew).toHaveBeenCalledOnce();
    expect(fetchMock).toHaveBeenCalledTimes(3);
    for (const [, init] of fetchMock.mock.calls) expect((init.headers as Record<string, string>).Authorization).toBe("Bearer new");
  });

  it("signals a lost session on a 401 of an authenticated call", async () => {
    const lost = vi.fn();
    configureApi({ credentials: () => ({ accessToken: "old" }), onUnauthorized: lost });
    respond(401, JSON.stringify({ messages: ["Please sign in."] }));
    await api("/users/info").catch(() => {});
    expect(lost).toHaveBeenCalledOnce();
  });

  it("renews the token for a file download too and hands back the raw response", async () => {
    let token = "old";
    configureApi({
      credentials: () => ({ accessToken: token, storeId: "s" }),
      onUnauthorized: () => {},
      renew: async () => {
        token = "new";
        return true;
      },
    });
    const fetchMock = vi.fn(async (_url: string, init: RequestInit) =>
      (init.headers as Record<string, string>).Authorization === "Bearer new"
        ? new Response("day,sales\n2026-11-01,10.00\n", { status: 200, headers: { "Content-Type": "text/csv" } })
        : new Response('{"messages":["expired"]}', { status: 401 }),
    );
    vi.stubGlobal("fetch", fetchMock);
    const response = await apiResponse("/stores/analytics/export?report=overview", { headers: { Accept: "text/csv" } });
    await expect(response.text()).resolves.toBe("day,sales\n2026-11-01,10.00\n");
    const [, retried] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(retried.headers).toMatchObject({ Accept: "text/csv", "X-Store-Id": "s" });
  });

  it("sends a multipart body as it is, without a JSON content type", async () => {
    configureApi({ credentials: () => ({ accessToken: "t" }), onUnauthorized: () => {} });
    const fetchMock = respond(201, JSON.stringify({ src: "/uploads/a.png" }));
    const form = new FormData();
    form.append("file", new Blob(["x"]), "a.png");
    await expect(api("/stores/onlinestore/images", { method: "POST", form })).resolves.toEqual({ src: "/uploads/a.png" });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.body).toBe(form);
    expect(init.headers).not.toHaveProperty("Content-Type");
  });

  it("renews once for six calls refused together, then sends each again with the new token", async () => {
    let token = "old";
    const lost = vi.fn();
    let release: () => void = () => {};
    const renew = vi.fn(
      () =>
        new Promise<boolean>((resolve) => {
          release = () => {
            token = "new";
            resolve(true);
          };
        }),
    );
    configureApi({ credentials: () => ({ accessToken: token }), onUnauthorized: lost, renew });
    const fetchMock = vi.fn(async (_url: string, init: RequestInit) =>
      (init.headers as Record<string, string>).Authorization === "Bearer new"
        ? new Response(JSON.stringify({ path: _url }), { status: 200 })
        : new Response('{"messages":["expired"]}', { status: 401 }),
    );
    vi.stubGlobal("fetch", fetchMock);
    const calls = [1, 2, 3, 4, 5, 6].map((n) => api<{ path: string }>(`/call/${n}`));
    await vi.waitFor(() => expect(renew).toHaveBeenCalled());
    // Every refusal has come back before the renewal ends.
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(6));
    release();
    const answers = await Promise.all(calls);
    expect(answers.map((a) => a.path)).toEqual([1, 2, 3, 4, 5, 6].map((n) => `/api/call/${n}`));
    expect(renew).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(12);
    expect(lost).not.toHaveBeenCalled();
  });

  it("holds a call made during a renewal until the new token is there", async () => {
    let token = "old";
    let release: () => void = () => {};
    const renew = vi.fn(
      () =>
        new Promise<boolean>((resolve) => {
          release = () => {
            token = "new";
            resolve(true);
          };
        }),
    );
    configureApi({ credentials: () => ({ accessToken: token }), onUnauthorized: () => {}, renew });
    const fetchMock = vi.fn(async (_url: string, init: RequestInit) =>
      (init.headers as Record<string, string>).Authorization === "Bearer new" ? new Response("{}", { status: 200 }) : new Response("{}", { status: 401 }),
    );
    vi.stubGlobal("fetch", fetchMock);
    const first = api("/first");
    await vi.waitFor(() => expect(renew).toHaveBeenCalled());
    const later = api("/later");
    release();
    await Promise.all([first, later]);
    const laterCalls = fetchMock.mock.calls.filter(([url]) => url === "/api/later") as unknown as [string, RequestInit][];
    expect(laterCalls).toHaveLength(1);
    expect(laterCalls[0]![1].headers).toMatchObject({ Authorization: "Bearer new" });
    expect(renew).toHaveBeenCalledTimes(1);
  });

  it("sends a call refused with a token renewed since again without a second renewal", async () => {
    let token = "old";
    const renew = vi.fn(async () => {
      token = "new";
      return true;
    });
    configureApi({ credentials: () => ({ accessToken: token }), onUnauthorized: () => {}, renew });
    let answerSlowly: (response: Response) => void = () => {};
    const fetchMock = vi.fn((url: string, init: RequestInit) => {
      if ((init.headers as Record<string, string>).Authorization === "Bearer new") return Promise.resolve(new Response("{}", { status: 200 }));
      if (url === "/api/slow") return new Promise<Response>((resolve) => (answerSlowly = resolve));
      return Promise.resolve(new Response("{}", { status: 401 }));
    });
    vi.stubGlobal("fetch", fetchMock);
    const slow = api("/slow");
    await api("/fast");
    expect(renew).toHaveBeenCalledTimes(1);
    // The slow call's refusal of the old token arrives after the renewal has finished.
    answerSlowly(new Response("{}", { status: 401 }));
    await slow;
    expect(renew).toHaveBeenCalledTimes(1);
  });

  it("signals a lost session once the one renewal fails", async () => {
    const lost = vi.fn();
    const renew = vi.fn(async () => false);
    configureApi({ credentials: () => ({ accessToken: "old" }), onUnauthorized: lost, renew });
    respond(401, "{}");
    await Promise.all([api("/a").catch(() => {}), api("/b").catch(() => {}), api("/c").catch(() => {})]);
    expect(renew).toHaveBeenCalledTimes(1);
    expect(lost).toHaveBeenCalled();
  });
});
