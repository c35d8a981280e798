import { act } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";

import { testRoot } from "@/lib/testRoot";

import ConsentRoot from "./ConsentRoot";
import { openConsentSettings } from "./events";

let ask = false;
vi.mock("@inertiajs/react", () => ({
  usePage: () => ({ props: { locale: "pl", consent: { ask, active: false, choice: null } } }),
}));
vi.mock("@/i18n", () => ({ loadMessages: () => Promise.resolve() }));

type Answer = { status: number; data: unknown };
const asked: Array<(answer: Answer) => void> = [];
vi.mock("@/lib/http", () => ({
  getJson: () => new Promise<Answer>((resolve) => asked.push(resolve)),
}));
vi.mock("./events", async (original) => ({
  ...(await original<typeof import("./events")>()),
  logConsentEvent: () => undefined,
}));
let close: () => void = () => undefined;
vi.mock("./ConsentDialog", () => ({
  default: ({ initialMode, onClosed }: { initialMode: string; onClosed: () => void }) => {
    close = onClosed;
    return <p>dialog: {initialMode}</p>;
  },
}));

const mounted = testRoot();
const definition: Answer = { status: 200, data: { purposes: [] } };

beforeEach(() => {
  asked.length = 0;
  ask = false;
});

async function settle(resolve: (answer: Answer) => void) {
  await act(async () => resolve(definition));
}

function shown(): string {
  return mounted.container.textContent ?? "";
}

describe("ConsentRoot", () => {
  it("opens the settings asked for while the notice that opened by itself was loading", async () => {
    ask = true;
    act(() => mounted.root.render(<ConsentRoot />));
    act(() => openConsentSettings());
    expect(asked).toHaveLength(2);

    await settle(asked[1]!);
    await settle(asked[0]!);
    await vi.waitFor(() => expect(shown()).toBe("dialog: settings"));
  });

  it("stays closed when an opening answers after the dialog was closed", async () => {
    act(() => mounted.root.render(<ConsentRoot />));
    act(() => openConsentSettings());
    act(() => openConsentSettings());
    await settle(asked[1]!);
    await vi.waitFor(() => expect(shown()).toBe("dialog: settings"));

    act(() => close());
    await settle(asked[0]!);
    expect(shown()).toBe("");
  });
});
