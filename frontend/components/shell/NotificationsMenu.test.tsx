import { act } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";

import { testRoot } from "@/lib/testRoot";
import type { NotificationListProps } from "@/types/generated";

import NotificationsMenu from "./NotificationsMenu";

const reload = vi.fn();
vi.mock("@inertiajs/react", () => ({
  Link: ({ children }: { children: unknown }) => children,
  router: { reload: (...args: unknown[]) => reload(...args) },
  usePage: () => ({ props: { locale: "pl", notifications_unread: 1 } }),
}));

type Answer = { status: number; data: unknown };
const asked: Array<(answer: Answer) => void> = [];
const posted: Array<(answer: Answer) => void> = [];
vi.mock("@/lib/http", () => ({
  getJson: () => new Promise<Answer>((resolve) => asked.push(resolve)),
  postJson: () => new Promise<Answer>((resolve) => posted.push(resolve)),
}));

function listOf(...messages: Array<[string, boolean]>): Answer {
  const data: NotificationListProps = {
    unread: messages.filter(([, read]) => !read).length,
    items: messages.map(([message, is_read], index) => ({
      id: index + 1,
      message,
      url: "",
      created_at: "2026-11-28T12:00:00Z",
      is_read,
    })),
  };
  return { status: 200, data };
}

const mounted = testRoot();

beforeEach(() => {
  asked.length = 0;
  posted.length = 0;
  reload.mockClear();
});

function bell(): HTMLButtonElement {
  return mounted.container.querySelector("button")!;
}

function markAllRead(): HTMLButtonElement | undefined {
  return [...mounted.container.querySelectorAll("button")].find(
    (button) => button.textContent === "Oznacz wszystkie jako przeczytane",
  );
}

function shown(): string[] {
  return [...mounted.container.querySelectorAll("li")].map(
    (item) => item.firstChild?.textContent ?? "",
  );
}

async function settle(resolve: (answer: Answer) => void, answer: Answer) {
  await act(async () => resolve(answer));
}

describe("NotificationsMenu", () => {
  it("shows the list of the latest opening when an older one answers after it", async () => {
    act(() => mounted.root.render(<NotificationsMenu />));
    act(() => bell().click());
    act(() => bell().click());
    act(() => bell().click());
    expect(asked).toHaveLength(2);

    await settle(asked[1]!, listOf(["Nowe", false], ["Stare", false]));
    await settle(asked[0]!, listOf(["Stare", false]));

    expect(shown()).toEqual(["Nowe", "Stare"]);
  });

  it("keeps the list read when a list the server read before the marking answers after it", async () => {
    act(() => mounted.root.render(<NotificationsMenu />));
    act(() => bell().click());
    await settle(asked[0]!, listOf(["Pierwsze", false]));
    act(() => markAllRead()!.click());
    // The bell is closed and opened again while the marking is saved.
    act(() => bell().click());
    act(() => bell().click());
    expect(markAllRead()!.disabled).toBe(true);
    await settle(posted[0]!, { status: 200, data: { unread: 0 } });
    await settle(asked[1]!, listOf(["Pierwsze", false]));

    expect(markAllRead()).toBeUndefined();
    expect(shown()).toEqual(["Pierwsze"]);
    expect(mounted.container.querySelector("li")!.className).toContain("text-slate-600");
    expect(reload).toHaveBeenCalledWith({ only: ["notifications_unread"] });
  });
});
