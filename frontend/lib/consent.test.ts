import { afterEach, describe, expect, it, vi } from "vitest";

import { currentConsent, onConsentChange, purposeAccepted, setConsent } from "./consent";

const accepted = {
  purposes: { base: true, marketing: true, advertising: false },
  services: ["gtm", "google_analytics"],
};

afterEach(() => setConsent(null));

describe("consent state", () => {
  it("accepts nothing but the required purpose before a choice", () => {
    expect(currentConsent()).toBeNull();
    expect(purposeAccepted("base")).toBe(true);
    expect(purposeAccepted("marketing")).toBe(false);
  });

  it("tells listeners the state at once and on every change, until they unsubscribe", () => {
    const listener = vi.fn();
    const stop = onConsentChange(listener);
    setConsent(accepted);
    stop();
    setConsent(null);
    expect(listener.mock.calls).toEqual([[null], [accepted]]);
    expect(purposeAccepted("advertising")).toBe(false);
  });
});
