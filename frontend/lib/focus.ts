/** Where the keyboard's focus goes when the element that had it leaves the page, e.g. a
 * row whose button removed it (docs/behaviour.md#forms): the heading of the section it was
 * in (a `section` labelled by its heading), else the page's main heading, else the main
 * landmark. Left on the removed element, the focus would belong to nothing, and a screen
 * reader would not say where the user is. The page does not scroll for it, unless the
 * user was on the keyboard and the heading is out of sight. */
export function focusKeeper(element: Element | null): () => void {
  const section = element?.closest("section[aria-labelledby]");
  const headingId = section?.getAttribute("aria-labelledby")?.trim().split(/\s+/)[0];
  const keyboard = focusVisible(element);
  return () => {
    if (!element || element.isConnected) return;
    // The user moved the focus on in the meantime: it stays where they put it.
    const active = document.activeElement;
    if (active && active !== document.body) return;
    const heading = headingId ? document.getElementById(headingId) : null;
    const target = [heading, document.querySelector("main h1"), document.getElementById("main")]
      .filter((found): found is HTMLElement => found instanceof HTMLElement && found.isConnected)
      .at(0);
    if (!target) return;
    // A heading takes the focus from a script without entering the Tab order.
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.focus({ preventScroll: true });
    if (keyboard) target.scrollIntoView?.({ block: "nearest" });
  };
}

function focusVisible(element: Element | null): boolean {
  try {
    return element?.matches(":focus-visible") ?? false;
  } catch {
    // An engine that does not know the selector.
    return false;
  }
}
