import { describe, expect, it } from "vitest";

import { MASK, maskBody, maskUrl, sanitizeRequest, type RecordedRequest } from "./sanitizer";

function recorded(
  url: string,
  requestBody: string | null,
  responseBody: unknown = null,
  headers: Record<string, string> = {},
): RecordedRequest {
  return {
    status: 200,
    method: "POST",
    url,
    request: { body: requestBody, headers: { ...headers } },
    response: { body: responseBody, headers: { ...headers } },
  };
}

describe("bodies of login and registration calls", () => {
  it.each([
    "https://platforma.example/login",
    "/login/register",
    "/login?returnUrl=%2Fplatforma",
    "https://api.platforma.example/v1/register",
    "/shop/sign-up/step-2",
    "/LOGIN",
  ])("are emptied for %s", (url) => {
    const data = sanitizeRequest(
      recorded(url, '{"login":"a@b.pl","loginPassword":"s3cret"}', { value: "app-token" }),
    );
    expect(data.request.body).toBe("");
    expect(data.response.body).toBe("");
  });

  it("are kept, masked, elsewhere", () => {
    const data = sanitizeRequest(recorded("/platforma/notatki", '{"text":"hello"}', { id: 1 }));
    expect(data.request.body).toBe('{"text":"hello"}');
    expect(data.response.body).toEqual({ id: 1 });
  });
});

describe("secret fields", () => {
  it.each([
    ["a flat JSON object", { password: "x", name: "Ala" }, { password: MASK, name: "Ala" }],
    [
      "every listed name, any case",
      {
        Password: 1,
        PASS: "x",
        token: "t",
        Secret: "s",
        value: "v",
        new_password: "n",
        OLD_PASSWORD: "o",
        passwd: "kept",
      },
      {
        Password: MASK,
        PASS: MASK,
        token: MASK,
        Secret: MASK,
        value: MASK,
        new_password: MASK,
        OLD_PASSWORD: MASK,
        passwd: "kept",
      },
    ],
    [
      "nested objects",
      { user: { profile: { secret: "s", city: "Kraków" } } },
      { user: { profile: { secret: MASK, city: "Kraków" } } },
    ],
    [
      "objects inside arrays",
      { tokens: [{ token: "a" }, { token: "b", id: 2 }] },
      { tokens: [{ token: MASK }, { token: MASK, id: 2 }] },
    ],
    ["a top-level array", [{ value: "x" }, 3], [{ value: MASK }, 3]],
    [
      "an object or array under a secret name",
      { token: { a: 1 }, pass: [1, 2] },
      { token: MASK, pass: MASK },
    ],
  ])("in %s are masked", (_, body, expected) => {
    // Request bodies arrive as text, responses as the parsed JSON.
    const data = sanitizeRequest(recorded("/platforma/profil", JSON.stringify(body), body));
    expect(JSON.parse(data.request.body!)).toEqual(expected);
    expect(data.response.body).toEqual(expected);
  });

  it.each([
    ["password=abc&name=Ala", `password=${encodeURIComponent(MASK)}&name=Ala`],
    ["Token=abc", `Token=${MASK}`],
    ["user%5Bpassword%5D=abc&user%5Bname%5D=Ala", `user%5Bpassword%5D=${MASK}&user%5Bname%5D=Ala`],
    [
      "items[0][secret]=x&items[1][secret]=y",
      `items%5B0%5D%5Bsecret%5D=${MASK}&items%5B1%5D%5Bsecret%5D=${MASK}`,
    ],
    [
      "new_password=a&old_password=b&value=c",
      `new_password=${MASK}&old_password=${MASK}&value=${MASK}`,
    ],
    ["name=Ala+Kowalska&city=Krak%C3%B3w", "name=Ala+Kowalska&city=Krak%C3%B3w"],
  ])("in the form body %s are masked", (body, expected) => {
    expect(sanitizeRequest(recorded("/platforma/profil", body)).request.body).toBe(expected);
  });

  it.each([
    [null, null],
    ["", ""],
    ["plain text", "plain text"],
    ["{not json", "{not json"],
    [42, 42],
  ])("leave other bodies alone (%s)", (body, expected) => {
    expect(maskBody(body)).toEqual(expected);
  });

  it("mask URLSearchParams bodies", () => {
    expect(maskBody(new URLSearchParams({ pass: "x", a: "1" }))).toBe(`pass=${MASK}&a=1`);
  });
});

describe("headers", () => {
  it.each(["x-platforma-token", "X-Platforma-Token", "X-PLATFORMA-TOKEN"])(
    "%s is never captured",
    (name) => {
      const data = sanitizeRequest(
        recorded("/api/courses", null, null, {
          [name]: "secret-app-token",
          accept: "application/json",
        }),
      );
      expect(data.request.headers).toEqual({ accept: "application/json" });
      expect(data.response.headers).toEqual({ accept: "application/json" });
      expect(JSON.stringify(data)).not.toContain("secret-app-token");
    },
  );
});

describe("URLs", () => {
  it.each([
    [
      "https://platforma.example/session/abc123/platforma",
      `https://platforma.example/session/${MASK}/platforma`,
    ],
    ["/session/abc123/kurs/12", `/session/${MASK}/kurs/12`],
    ["/konto/usun/d41d8cd9", `/konto/usun/${MASK}`],
    ["/konto/dane/Zx9_-abc", `/konto/dane/${MASK}`],
    ["/konto/przywroc/d41d8cd9?x=1", `/konto/przywroc/${MASK}?x=1`],
    ["/konto/potwierdz-email/MQ:1v:abc", `/konto/potwierdz-email/${MASK}`],
    ["/p/haslo/nowe/key-1", `/p/haslo/nowe/${MASK}`],
    ["/odbierz_kurs/VOUCHER-77", `/odbierz_kurs/${MASK}`],
    [
      "https://app.example/api/voucher/ABCD-1234/consume",
      `https://app.example/api/voucher/${MASK}/consume`,
    ],
    [
      "https://app.example/api/user/mark-to-remove/h4sh",
      `https://app.example/api/user/mark-to-remove/${MASK}`,
    ],
    [
      "https://app.example/api/student/accept/h4sh",
      `https://app.example/api/student/accept/${MASK}`,
    ],
    ["https://public.example/relogin/h4sh", `https://public.example/relogin/${MASK}`],
    ["/odbierz_kurs?code=ABCD&x=1", `/odbierz_kurs?code=${MASK}&x=1`],
    ["/x?token=t1&hash=h1#top", `/x?token=${MASK}&hash=${MASK}#top`],
    ["/x?a=1&TOKEN=t1", `/x?a=1&TOKEN=${MASK}`],
    ["/platforma/kurs/12?tab=notes", "/platforma/kurs/12?tab=notes"],
    ["/session", "/session"],
    ["/odbierz_kurs", "/odbierz_kurs"],
  ])("%s is recorded as %s", (url, expected) => {
    expect(maskUrl(url)).toBe(expected);
    expect(sanitizeRequest(recorded(url, null)).url).toBe(expected);
  });
});
