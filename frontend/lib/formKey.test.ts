import { describe, expect, it } from "vitest";

import { newFormKey } from "./formKey";

describe("newFormKey", () => {
  it("is 32 characters of the server's shape, new each time", () => {
    const keys = new Set(Array.from({ length: 200 }, newFormKey));
    expect(keys.size).toBe(200);
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });
});
