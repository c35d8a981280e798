import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach } from "vitest";

// React checks that updates in tests run inside act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface TestRoot {
  root: Root;
  container: HTMLElement;
}

/** For a test file: a React root in a container on the page, made afresh before each of
 * its tests and unmounted and removed after it. Read its fields inside the tests. */
export function testRoot(): TestRoot {
  const mounted = {} as TestRoot;
  beforeEach(() => {
    mounted.container = document.createElement("div");
    document.body.append(mounted.container);
    mounted.root = createRoot(mounted.container);
  });
  afterEach(() => {
    act(() => mounted.root.unmount());
    mounted.container.remove();
  });
  return mounted;
}
