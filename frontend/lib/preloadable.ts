import { createElement, lazy, useState, type ComponentType } from "react";

type Module<P> = { default: ComponentType<P> };

export type Preloadable<P> = ComponentType<P> & { preload: () => Promise<void> };

/**
 * A component in a chunk of its own, as React's `lazy` makes one, that renders at once,
 * without suspending, when its chunk was loaded before it mounts (`preload`). The browser
 * preloads the chunks of the parts the server's HTML holds before React takes that HTML
 * over (main.tsx): a part that suspends while the page comes alive is rendered anew by
 * React on the first update that reaches it before its chunk arrives, its fallback shown
 * in place of the server's HTML (the account menus and the footer vanished for a moment
 * on every page load, and the page jumped).
 */
export function preloadable<P extends object>(load: () => Promise<Module<P>>): Preloadable<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<void> | null = null;
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = module.default;
    }));
  const Lazy = lazy(() => preload().then(() => ({ default: loaded as ComponentType<P> })));
  function Part(props: P) {
    // Chosen when it mounts, for good: a part that switched from the lazy one to the loaded
    // one would be mounted anew, losing its state (an open menu).
    const [ready] = useState(() => loaded);
    return ready ? createElement(ready, props) : createElement(Lazy, props);
  }
  return Object.assign(Part, { preload });
}
