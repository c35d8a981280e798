import { describe, expect, it } from "vitest";

import { decideFailure, messageOf } from "./errors";

const learner = false;
const admin = true;

describe("decideFailure (docs/behaviour.md#error-dialogs)", () => {
  it("logs out on 401 and goes to the login page", () => {
    expect(decideFailure({ status: 401, kind: "api" }, learner)).toMatchObject({
      text: "errors.logged_out",
      after: "login",
      logout: true,
      reload: false,
    });
  });

  it("shows the server's message on 403 and stays (a visit refreshes the page)", () => {
    const visit = { status: 403, message: "Brak dostępu.", kind: "visit" as const };
    expect(decideFailure(visit, learner)).toMatchObject({
      text: null,
      serverMessage: "Brak dostępu.",
      after: "refresh",
    });
    expect(decideFailure({ status: 403, kind: "api" }, learner)).toMatchObject({
      text: "errors.forbidden",
      after: "stay",
    });
  });

  it("reloads after 500, 504 and a lost connection; 500 and 504 name the support address", () => {
    expect(decideFailure({ status: 500, kind: "api" }, learner)).toMatchObject({
      text: "errors.server",
      withSupport: true,
      reload: true,
    });
    expect(decideFailure({ status: 504, kind: "visit" }, learner)).toMatchObject({
      text: "errors.timeout",
      withSupport: true,
      reload: true,
    });
    expect(decideFailure({ status: 0, kind: "api" }, learner)).toMatchObject({
      text: "errors.offline",
      withSupport: false,
      reload: true,
    });
  });

  it.each([502, 503, 418, 429, 599])("goes to the login page and reloads on %i", (status) => {
    expect(decideFailure({ status, kind: "api" }, learner)).toMatchObject({
      text: "errors.updating",
      after: "login",
      logout: false,
      reload: true,
    });
  });

  it("leaves 400 and 404 of JSON calls to their callers", () => {
    expect(decideFailure({ status: 400, kind: "api" }, learner)).toBeNull();
    expect(decideFailure({ status: 404, kind: "api" }, learner)).toBeNull();
    expect(decideFailure({ status: 404, kind: "visit" }, learner)).toBeNull();
  });

  it("sends a visit answered 400 to the admin panel for admins and home for others", () => {
    const failure = { status: 400, message: "Zły adres.", kind: "visit" as const };
    expect(decideFailure(failure, admin)).toMatchObject({
      serverMessage: "Zły adres.",
      after: "admin",
    });
    expect(decideFailure(failure, learner)).toMatchObject({ after: "home" });
  });
});

describe("messageOf", () => {
  it("reads the message of the error body, parsed or as JSON text, nothing else", () => {
    const body = { error: { message: "Zbyt wiele prób.", code: "rate_limited" } };
    expect(messageOf(body)).toBe("Zbyt wiele prób.");
    expect(messageOf('{"error": {"message": "Tekst", "code": 503}}')).toBe("Tekst");
    expect(messageOf("<html>Bad gateway</html>")).toBeNull();
    expect(messageOf({ error: { message: 42 } })).toBeNull();
    expect(messageOf({ error: "Tekst" })).toBeNull();
    // The shape before the one error body: no longer read.
    expect(messageOf({ message: "Tekst" })).toBeNull();
    expect(messageOf(null)).toBeNull();
  });
});
