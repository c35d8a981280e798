import { afterEach, describe, expect, it, vi } from "vitest";

import { logConsentEvent, onConsentLogged, toChoice } from "./events";
import { policyBlocks } from "./PrivacyPanel";

describe("toChoice", () => {
  it("is null while there is no choice", () => {
    expect(toChoice(null)).toBeNull();
  });

  it("keeps base on and reads only the purposes the trackers know", () => {
    expect(
      toChoice({
        purposes: { base: false, marketing: true, other: true },
        services: ["gtm", "google_analytics"],
      }),
    ).toEqual({
      purposes: { base: true, marketing: true, advertising: false },
      services: ["gtm", "google_analytics"],
    });
  });
});

describe("policyBlocks", () => {
  it("turns the policy's plain text into headings and paragraphs, never HTML", () => {
    expect(policyBlocks("## Dane\nTreść <b>x</b>\n\n## Prawa\r\nDruga\n  \n")).toEqual([
      { kind: "heading", text: "Dane" },
      { kind: "paragraph", text: "Treść <b>x</b>" },
      { kind: "heading", text: "Prawa" },
      { kind: "paragraph", text: "Druga" },
    ]);
  });
});

describe("onConsentLogged", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("tells of an event once the log answered that it stored it, and not of one it refused", async () => {
    const answers: Array<(response: { ok: boolean }) => void> = [];
    vi.stubGlobal("fetch", () => new Promise<{ ok: boolean }>((resolve) => answers.push(resolve)));
    const told: string[] = [];
    const stop = onConsentLogged((action) => told.push(action));
    // A task later, every promise the log chained has settled.
    const settled = () => new Promise((done) => setTimeout(done, 0));

    logConsentEvent("accept");
    logConsentEvent("accept_all");
    await settled();
    expect(told).toEqual([]);
    answers[0]!({ ok: false });
    await settled();
    expect(told).toEqual([]);
    answers[1]!({ ok: true });
    await settled();
    expect(told).toEqual(["accept_all"]);

    stop();
    logConsentEvent("accept");
    await settled();
    answers[2]!({ ok: true });
    await settled();
    expect(told).toEqual(["accept_all"]);
  });
});
