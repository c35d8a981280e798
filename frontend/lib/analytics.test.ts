import { beforeEach, describe, expect, it } from "vitest";

import { pushCustomerId, resetAnalyticsForTests } from "./analytics";

describe("pushCustomerId", () => {
  beforeEach(() => {
    delete window.dataLayer;
    resetAnalyticsForTests();
  });

  it("pushes the customer id once per user", () => {
    pushCustomerId("a-1");
    pushCustomerId("a-1");
    pushCustomerId("b-2");
    expect(window.dataLayer).toEqual([{ customer_id: "a-1" }, { customer_id: "b-2" }]);
  });

  it("pushes nothing when nobody is logged in", () => {
    pushCustomerId(null);
    pushCustomerId(undefined);
    expect(window.dataLayer).toBeUndefined();
  });

  it("keeps what the tag manager already queued", () => {
    window.dataLayer = [{ event: "gtm.js" }];
    pushCustomerId("a-1");
    expect(window.dataLayer).toEqual([{ event: "gtm.js" }, { customer_id: "a-1" }]);
  });
});
