import { act } from "react";
import { describe, expect, it } from "vitest";

import { testRoot } from "@/lib/testRoot";

import { useLatestAnswer } from "./useLatestAnswer";

const mounted = testRoot();

describe("useLatestAnswer", () => {
  it("keeps the answer asked for last, across renders, and none still out once forgotten", () => {
    const seen: Array<ReturnType<typeof useLatestAnswer>> = [];
    function Harness({ render }: { render: number }) {
      const latest = useLatestAnswer();
      seen.push(latest);
      return <p>{render}</p>;
    }
    act(() => mounted.root.render(<Harness render={1} />));
    const first = seen[0]!.ask();
    act(() => mounted.root.render(<Harness render={2} />));
    const second = seen[1]!.ask();

    expect(seen[1]).toBe(seen[0]);
    expect([first(), second()]).toEqual([false, true]);
    seen[1]!.forget();
    expect(second()).toBe(false);
    expect(seen[1]!.ask()()).toBe(true);
  });
});
