import { beforeEach, describe, expect, it, vi } from "vitest";

import {
  isUpdateReady,
  REDIRECT_KEY,
  RELOADED_KEY,
  reloadForUpdate,
  settle,
  takeRedirect,
} from "./appUpdate";

const ORIGIN = "https://platforma.example";

describe("application update", () => {
  beforeEach(() => sessionStorage.clear());

  it("is ready only when the server's build differs from the running one", () => {
    expect(isUpdateReady("v1", null)).toBe(false);
    expect(isUpdateReady("v1", "v1")).toBe(false);
    expect(isUpdateReady("v1", "v2")).toBe(true);
  });

  it("stores the target, sets the flag and reloads once", () => {
    const reload = vi.fn();
    expect(reloadForUpdate(`${ORIGIN}/platforma/notatki`, sessionStorage, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(REDIRECT_KEY)).toBe(`${ORIGIN}/platforma/notatki`);
    expect(sessionStorage.getItem(RELOADED_KEY)).toBe("true");

    // Still the old build after the reload: navigate normally, never reload again.
    expect(reloadForUpdate(`${ORIGIN}/platforma`, sessionStorage, reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("visits the stored target once, and only a same-site one", () => {
    sessionStorage.setItem(REDIRECT_KEY, `${ORIGIN}/platforma/notatki?x=1#top`);
    expect(takeRedirect(sessionStorage, ORIGIN)).toBe("/platforma/notatki?x=1#top");
    expect(takeRedirect(sessionStorage, ORIGIN)).toBeNull();

    sessionStorage.setItem(REDIRECT_KEY, "https://evil.example/platforma");
    expect(takeRedirect(sessionStorage, ORIGIN)).toBeNull();
    expect(sessionStorage.getItem(REDIRECT_KEY)).toBeNull();
  });

  it("allows a later update once the newest build runs", () => {
    sessionStorage.setItem(RELOADED_KEY, "true");
    settle(sessionStorage, "v2", "v3");
    expect(sessionStorage.getItem(RELOADED_KEY)).toBe("true");
    settle(sessionStorage, "v2", "v2");
    expect(sessionStorage.getItem(RELOADED_KEY)).toBeNull();
  });
});
