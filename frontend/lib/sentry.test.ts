import { describe, expect, it } from "vitest";

import { FILTERED, maskUrls, scrubEvent } from "@/lib/sentry";

describe("the error report scrubber", () => {
  it("masks the hashes of e-mailed links", () => {
    expect(maskUrls("https://p.example/session/Zm9vYmFy/platforma")).toBe(
      "https://p.example/session/***/platforma",
    );
    expect(maskUrls("/konto/usun/abc123")).toBe("/konto/usun/***");
    expect(maskUrls("/konto/przywroc/abc123?x=1")).toBe("/konto/przywroc/***?x=1");
    expect(maskUrls("/p/haslo/nowe/set-key-1")).toBe("/p/haslo/nowe/***");
    expect(maskUrls("/konto/potwierdz-email/conf-key")).toBe("/konto/potwierdz-email/***");
    expect(maskUrls("Failed to load /odbierz_kurs/VOUCHER-1 (404)")).toBe(
      "Failed to load /odbierz_kurs/*** (404)",
    );
    expect(maskUrls("/platforma/kurs/12")).toBe("/platforma/kurs/12");
  });

  it("filters sensitive query parameters and keeps the others", () => {
    expect(maskUrls("/login?returnUrl=%2Fplatforma&token=abc&api_key=k")).toBe(
      `/login?returnUrl=%2Fplatforma&token=${FILTERED}&api_key=${FILTERED}`,
    );
  });

  it("removes cookies, tokens and passwords from a sample event", () => {
    const event = {
      message: "Request to /session/SECRETHASH/platforma failed",
      request: {
        url: "https://p.example/odbierz_kurs/VOUCHERCODE",
        cookies: { sessionid: "COOKIEVALUE" },
        headers: {
          Cookie: "sessionid=COOKIEVALUE",
          "X-Platforma-Token": "APPTOKEN",
          "X-XSRF-TOKEN": "XSRFVALUE",
          "User-Agent": "Mozilla/5.0",
        },
      },
      extra: { password: "hunter2", form: { email: "ola@example.com", password1: "hunter2" } },
      breadcrumbs: [
        { category: "navigation", data: { from: "/login", to: "/konto/usun/DELHASH" } },
      ],
    };
    const scrubbed = scrubEvent(structuredClone(event));
    const text = JSON.stringify(scrubbed);

    for (const secret of [
      "SECRETHASH",
      "VOUCHERCODE",
      "COOKIEVALUE",
      "APPTOKEN",
      "XSRFVALUE",
      "hunter2",
      "DELHASH",
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(scrubbed.request.cookies).toBeUndefined();
    expect(scrubbed.request.headers["User-Agent"]).toBe("Mozilla/5.0");
    expect(scrubbed.request.headers["X-Platforma-Token"]).toBe(FILTERED);
    expect(scrubbed.extra.form.email).toBe("ola@example.com");
    expect(scrubbed.breadcrumbs[0]?.data.to).toBe("/konto/usun/***");
  });
});
