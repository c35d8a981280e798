import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { testRoot } from "@/lib/testRoot";
import type { ConsentHistoryProps } from "@/types/generated";

import ConsentSection from "./ConsentSection";

vi.mock("@inertiajs/react", () => ({ usePage: () => ({ props: { locale: "pl" } }) }));

type Answer = { status: number; data: ConsentHistoryProps | null };
const asked: Array<(answer: Answer) => void> = [];
const posted: Array<(answer: Answer) => void> = [];
vi.mock("@/lib/http", () => ({
  getJson: () => new Promise<Answer>((resolve) => asked.push(resolve)),
  postJson: () => new Promise<Answer>((resolve) => posted.push(resolve)),
}));
let consentLogged: (action: string) => void = () => undefined;
vi.mock("./events", () => ({
  onConsentLogged: (listener: (action: string) => void) => {
    consentLogged = listener;
    return () => undefined;
  },
  openConsentSettings: () => undefined,
}));

function history(subscribed: boolean): Answer {
  return {
    status: 200,
    data: {
      events: [],
      newsletter: { subscribed, consented_at: subscribed ? "2026-11-28T12:00:00Z" : null },
    } as ConsentHistoryProps,
  };
}

const mounted = testRoot();

beforeEach(() => {
  vi.useFakeTimers();
  asked.length = 0;
  posted.length = 0;
});

afterEach(() => vi.useRealTimers());

async function settle(resolve: (answer: Answer) => void, answer: Answer) {
  await act(async () => resolve(answer));
}

describe("ConsentSection", () => {
  it("keeps the learner's newsletter choice when an older history arrives after it", async () => {
    act(() => mounted.root.render(<ConsentSection />));
    await settle(asked[0]!, history(false));
    const box = mounted.container.querySelector<HTMLInputElement>("#profile-newsletter")!;
    expect(box.checked).toBe(false);

    // A logged consent choice asks for the history again; the learner ticks the box meanwhile.
    act(() => consentLogged("accept"));
    expect(asked).toHaveLength(2);
    act(() => box.click());
    expect(box.checked).toBe(true);
    await settle(asked[1]!, history(false));

    expect(box.checked).toBe(true);
    await settle(posted[0]!, history(true));
    expect(box.checked).toBe(true);
  });

  it("asks again for a history that was asked for while the choice was being saved", async () => {
    act(() => mounted.root.render(<ConsentSection />));
    await settle(asked[0]!, history(false));
    const box = mounted.container.querySelector<HTMLInputElement>("#profile-newsletter")!;

    // The learner ticks the box; a consent change asks for the history while the save is
    // out, and the server reads it before the save is committed.
    act(() => box.click());
    act(() => consentLogged("accept"));
    expect(asked).toHaveLength(2);
    await settle(posted[0]!, history(true));
    await settle(asked[1]!, history(false));

    expect(box.checked).toBe(true);
    expect(mounted.container.textContent).not.toContain("Zgoda nie została wyrażona.");
    expect(asked).toHaveLength(3);
    await settle(asked[2]!, history(true));
    expect(box.checked).toBe(true);
  });

  it("shows a choice made in the cookie settings once the consent log has stored it", async () => {
    act(() => mounted.root.render(<ConsentSection />));
    await settle(asked[0]!, history(false));
    expect(asked).toHaveLength(1);
    act(() => vi.advanceTimersByTime(5000));
    // The notice loading or showing is no choice: the history stays as it is.
    act(() => consentLogged("script_initialization"));
    act(() => consentLogged("show_popup"));
    expect(asked).toHaveLength(1);

    act(() => consentLogged("accept"));
    expect(asked).toHaveLength(2);
    const logged: Answer = history(false);
    logged.data!.events = [
      {
        action: "accept",
        action_label: "zapisanie wyboru",
        created_at: "2026-11-28T12:00:00Z",
        services: [],
      },
    ];
    await settle(asked[1]!, logged);
    expect(mounted.container.querySelector("li")?.textContent).toContain("zapisanie wyboru");
  });
});
