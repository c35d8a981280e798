import {
  act,
  lazy,
  Suspense,
  useSyncExternalStore,
  type ComponentType,
  type ReactNode,
} from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { preloadable } from "./preloadable";

function Menu({ name }: { name: string }) {
  return <p>{`menu of ${name}`}</p>;
}

function rendered(node: ReactNode): string {
  return renderToString(<Suspense fallback={<i>loading</i>}>{node}</Suspense>);
}

const neverChanges = () => () => {};

/** What the page showed, from the server's HTML on, while React took it over: the page
 * updates itself as it comes alive (as the shell does), which reaches the part. */
async function shownWhileHydrating(Part: ComponentType<{ name: string }>): Promise<string[]> {
  function Page() {
    // Another value in the browser than on the server, as the shell's app banner has.
    const name = useSyncExternalStore(
      neverChanges,
      () => "Ola Nowak",
      () => "Ola",
    );
    return (
      <Suspense fallback={<i>loading</i>}>
        <Part name={name} />
      </Suspense>
    );
  }
  const element = document.createElement("div");
  element.innerHTML = renderToString(
    <Suspense fallback={<i>loading</i>}>
      <Menu name="Ola" />
    </Suspense>,
  );
  const shown = [element.textContent ?? ""];
  const watch = new MutationObserver(() => shown.push(element.textContent ?? ""));
  watch.observe(element, { subtree: true, childList: true, characterData: true });
  let root: ReturnType<typeof hydrateRoot> | undefined;
  await act(async () => {
    root = hydrateRoot(element, <Page />, { onRecoverableError: () => {} });
  });
  await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
  watch.disconnect();
  shown.push(element.textContent ?? "");
  await act(async () => root?.unmount());
  return shown.filter((text, index) => text !== shown[index - 1]);
}

describe("preloadable", () => {
  it("renders its part at once once preloaded, loading it once", async () => {
    let loads = 0;
    const Part = preloadable(async () => {
      loads += 1;
      return { default: Menu };
    });
    await Part.preload();
    await Part.preload();
    expect(rendered(<Part name="Ola" />)).toBe("<!--$--><p>menu of Ola</p><!--/$-->");
    expect(loads).toBe(1);
  });

  it("suspends as a lazy part when it was not preloaded", () => {
    const Part = preloadable(async () => ({ default: Menu }));
    expect(rendered(<Part name="Ola" />)).toContain("loading");
  });

  it("renders the part once its chunk arrives when it was not preloaded", async () => {
    const Part = preloadable(async () => ({ default: Menu }));
    const element = document.createElement("div");
    const root = createRoot(element);
    await act(async () => {
      root.render(
        <Suspense fallback={<i>loading</i>}>
          <Part name="Ola" />
        </Suspense>,
      );
    });
    expect(element.textContent).toBe("menu of Ola");
    await act(async () => root.unmount());
  });

  it("keeps the server's HTML of a preloaded part while the page comes alive", async () => {
    const Part = preloadable(async () => ({ default: Menu }));
    await Part.preload();
    expect(await shownWhileHydrating(Part)).toEqual(["menu of Ola", "menu of Ola Nowak"]);
  });

  it("shows what React's lazy part does in its place: the fallback, for a moment", async () => {
    // Why the shell preloads: the same page with React's own lazy, its chunk loaded.
    const module = Promise.resolve({ default: Menu });
    await module;
    const Part = lazy(() => module);
    expect(await shownWhileHydrating(Part)).toEqual([
      "menu of Ola",
      "loading",
      "menu of Ola Nowak",
    ]);
  });
});
