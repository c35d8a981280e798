import { act } from "react";
import { describe, expect, it, vi } from "vitest";

import { testRoot } from "@/lib/testRoot";

import Button from "./Button";

const mounted = testRoot();

function render(disabled: boolean, onClick = vi.fn(), onSubmit = vi.fn()) {
  act(() =>
    mounted.root.render(
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <Button type="submit" disabled={disabled} onClick={onClick}>
          Wyślij
        </Button>
      </form>,
    ),
  );
  return mounted.container.querySelector("button")!;
}

describe("Button", () => {
  it("is disabled outright while it does not have the focus", () => {
    const button = render(true);
    expect(button.disabled).toBe(true);
    expect(button.getAttribute("aria-disabled")).toBe("true");
  });

  it("keeps the focus when it is disabled while it has it, and ignores its presses", () => {
    const onClick = vi.fn();
    const onSubmit = vi.fn();
    const button = render(false, onClick, onSubmit);
    act(() => button.focus());

    render(true, onClick, onSubmit);
    act(() => button.click());

    expect(document.activeElement).toBe(button);
    expect(button.disabled).toBe(false);
    expect(button.getAttribute("aria-disabled")).toBe("true");
    expect(onClick).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("is disabled outright once the focus moves on", () => {
    const button = render(false);
    act(() => button.focus());
    render(true);

    act(() => button.blur());

    expect(button.disabled).toBe(true);
  });

  it("keeps the focus when the window loses it (the button stays the page's focused one)", () => {
    const button = render(false);
    act(() => button.focus());
    render(true);

    // What another window or the system's passkey prompt does: a blur, the focus kept.
    act(() => {
      button.dispatchEvent(new FocusEvent("focusout", { bubbles: true }));
    });

    expect(document.activeElement).toBe(button);
    expect(button.disabled).toBe(false);
  });

  it("posts when it is enabled", () => {
    const onClick = vi.fn();
    const onSubmit = vi.fn();
    const button = render(false, onClick, onSubmit);
    act(() => button.click());
    expect(onClick).toHaveBeenCalledOnce();
    expect(onSubmit).toHaveBeenCalledOnce();
  });
});
