import { describe, expect, it } from "vitest";

import { mobileOs } from "./device";

describe("mobileOs", () => {
  it.each([
    ["Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126 Mobile", 0, "android"],
    ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15", 0, "ios"],
    ["Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X)", 0, "ios"],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15", 5, "ios"],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15", 0, null],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126", 0, null],
    ["", 0, null],
  ])("%s → %s", (userAgent, touch, expected) => {
    expect(mobileOs(userAgent, touch)).toBe(expected);
  });
});
