/** Where the keyboard's focus goes when the element that had it leaves the page, e.g. a
 * row whose button removed it (docs/behaviour.md#forms): the heading of the section it was
 * in (a `section` labelled by its heading), else the page's main heading, else the main
 * landmark. A focus left on the removed element would fall to the page's start, and a
 * screen reader would not say where the user is. */
export function focusKeeper(element: Element | null): () => void {
  const section = element?.closest("section[aria-labelledby]");
  const headingId = section?.getAttribute("aria-labelledby");
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
    target.focus({ preventScroll: false });
  };
}
