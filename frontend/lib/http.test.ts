import { afterEach, describe, expect, it, vi } from "vitest";

import type { Failure } from "./errors";
import { onFailure } from "./errorBus";
import { getJson, postJson } from "./http";

function respond(status: number, body: unknown) {
  return vi
    .fn()
    .mockResolvedValue(
      new Response(typeof body === "string" ? body : JSON.stringify(body), { status }),
    );
}

describe("JSON calls", () => {
  const failures: Failure[] = [];
  const off = onFailure((failure) => failures.push(failure));

  afterEach(() => {
    failures.length = 0;
    vi.unstubAllGlobals();
  });

  it("sends the CSRF token from the cookie with a POST", async () => {
    document.cookie = "XSRF-TOKEN=abc123";
    const fetch = respond(200, { available: true });
    vi.stubGlobal("fetch", fetch);

    const result = await postJson("/api/x", { a: 1 });

    expect(result).toEqual({ status: 200, data: { available: true } });
    const [, init] = fetch.mock.calls[0]!;
    expect(init.headers["X-XSRF-TOKEN"]).toBe("abc123");
    expect(init.body).toBe('{"a":1}');
    expect(failures).toEqual([]);
  });

  it("reports an unhandled failure with the server's message", async () => {
    vi.stubGlobal("fetch", respond(403, { error: { message: "Nie wolno.", code: 403 } }));
    const result = await getJson("/api/x");
    expect(result.status).toBe(403);
    expect(failures).toEqual([{ status: 403, message: "Nie wolno.", kind: "api" }]);
  });

  it("leaves the statuses a caller handles to it", async () => {
    vi.stubGlobal(
      "fetch",
      respond(429, { error: { message: "Za szybko.", code: "rate_limited" } }),
    );
    await postJson("/api/x", {}, { handle: [429] });
    vi.stubGlobal("fetch", respond(500, "<html>"));
    await getJson("/api/alerts", { handle: "all" });
    expect(failures).toEqual([]);
  });

  it("reports a lost connection as status 0", async () => {
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    expect(await getJson("/api/x")).toEqual({ status: 0, data: null });
    expect(failures).toEqual([{ status: 0, kind: "api" }]);
    off();
  });
});
