import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

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
let consentChanged: () => void = () => undefined;
vi.mock("@/lib/consent", () => ({
  onConsentChange: (listener: () => void) => {
    consentChanged = listener;
    listener();
    return () => undefined;
  },
}));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function history(subscribed: boolean): Answer {
  return {
    status: 200,
    data: {
      events: [],
      newsletter: { subscribed, consented_at: subscribed ? "2026-11-28T12:00:00Z" : null },
    } as ConsentHistoryProps,
  };
}

let root: Root;
let container: HTMLElement;

beforeEach(() => {
  vi.useFakeTimers();
  asked.length = 0;
  posted.length = 0;
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.useRealTimers();
});

async function settle(resolve: (answer: Answer) => void, answer: Answer) {
  await act(async () => resolve(answer));
}

describe("ConsentSection", () => {
  it("keeps the learner's newsletter choice when an older history arrives after it", async () => {
    act(() => root.render(<ConsentSection />));
    await settle(asked[0]!, history(false));
    const box = container.querySelector<HTMLInputElement>("#profile-newsletter")!;
    expect(box.checked).toBe(false);

    // A consent change asks for the history again; the learner ticks the box meanwhile.
    consentChanged();
    act(() => vi.advanceTimersByTime(500));
    expect(asked).toHaveLength(2);
    act(() => box.click());
    expect(box.checked).toBe(true);
    await settle(asked[1]!, history(false));

    expect(box.checked).toBe(true);
    await settle(posted[0]!, history(true));
    expect(box.checked).toBe(true);
  });
});
