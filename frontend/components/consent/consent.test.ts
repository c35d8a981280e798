import { describe, expect, it } from "vitest";

import { toChoice } from "./events";
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
