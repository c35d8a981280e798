import { afterEach, describe, expect, it, vi } from "vitest";

import { deleteCookie, readCookie, writeCookie } from "./cookies";

describe("cookies", () => {
  afterEach(() => {
    deleteCookie("app-alert-banner");
    vi.useRealTimers();
  });

  it("reads a cookie among others, decoded", () => {
    expect(readCookie("b", "a=1; b=x%20y; c=3")).toBe("x y");
    expect(readCookie("d", "a=1")).toBeNull();
    expect(readCookie("a", "aa=1; a=2")).toBe("2");
  });

  it("writes 'false' for 7 days and deletes it again", () => {
    const setter = vi.spyOn(document, "cookie", "set");
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-11-22T12:00:00Z"));

    writeCookie("app-alert-banner", "false", 7);

    expect(setter).toHaveBeenCalledWith(
      "app-alert-banner=false; expires=Sun, 29 Nov 2026 12:00:00 GMT; path=/; SameSite=Lax",
    );
    expect(readCookie("app-alert-banner")).toBe("false");
    deleteCookie("app-alert-banner");
    expect(readCookie("app-alert-banner")).toBeNull();
    setter.mockRestore();
  });
});
