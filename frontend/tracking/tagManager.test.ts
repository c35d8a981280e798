import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { setConsent } from "@/lib/consent";

import { startTagManager } from "./tagManager";

let stop: () => void = () => {};

function commands() {
  // gtag pushes `arguments` objects; events are plain objects.
  return (window.dataLayer ?? []).map((entry) =>
    Object.prototype.toString.call(entry) === "[object Arguments]"
      ? Array.from(entry as never)
      : entry,
  );
}

beforeEach(() => {
  delete window.dataLayer;
  document.head.innerHTML = '<meta name="tag-manager" content="GTM-TEST">';
});

afterEach(() => {
  stop();
  setConsent(null);
  document.head.innerHTML = "";
});

describe("consent updates for the tag manager", () => {
  it("sends nothing before a choice", () => {
    stop = startTagManager();
    expect(window.dataLayer).toBeUndefined();
  });

  it("grants what accept-all accepts, as a consent update and an event with the services", () => {
    stop = startTagManager();
    setConsent({
      purposes: { base: true, marketing: true, advertising: true },
      services: ["gtm", "google_analytics", "google_ads", "facebook_pixel"],
    });
    expect(commands()).toEqual([
      [
        "consent",
        "update",
        {
          ad_storage: "granted",
          ad_user_data: "granted",
          ad_personalization: "granted",
          analytics_storage: "granted",
        },
      ],
      {
        event: "consent_update",
        consent_services: ["facebook_pixel", "google_ads", "google_analytics", "gtm"],
      },
    ]);
  });

  it("denies again what is withdrawn, and repeats nothing unchanged", () => {
    stop = startTagManager();
    const analyticsOnly = {
      purposes: { base: true, marketing: true, advertising: false },
      services: ["gtm", "google_analytics"],
    };
    setConsent(analyticsOnly);
    setConsent({ ...analyticsOnly });
    setConsent({
      purposes: { base: true, marketing: false, advertising: false },
      services: ["gtm"],
    });
    const updates = commands().filter(Array.isArray);
    expect(
      updates.map((update) => (update[2] as Record<string, string>).analytics_storage),
    ).toEqual(["granted", "denied"]);
    expect((updates[0]![2] as Record<string, string>).ad_storage).toBe("denied");
  });

  it("does nothing on pages without the tag manager", () => {
    document.head.innerHTML = "";
    stop = startTagManager();
    setConsent({ purposes: { base: true, marketing: true, advertising: true }, services: ["gtm"] });
    expect(window.dataLayer).toBeUndefined();
  });
});
