/** The service worker (/sw.js, docs/behaviour.md#application-updates) is registered
 * 30 s after the app has become stable (the page and its assets loaded), so it never
 * competes with the first visit's own downloads. It keeps the build's hashed assets. */

export const REGISTER_DELAY_MS = 30_000;

type Container = Pick<ServiceWorkerContainer, "register" | "getRegistration">;

function container(): Container | null {
  return typeof navigator !== "undefined" && "serviceWorker" in navigator
    ? navigator.serviceWorker
    : null;
}

/** Register `url` REGISTER_DELAY_MS after the window's load event (at once counted from now
 * when it has already fired). Returns a cancel function. */
export function registerWhenStable(
  url: string,
  { workers = container(), win = window }: { workers?: Container | null; win?: Window } = {},
): () => void {
  if (!workers) return () => {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  const start = () => {
    timer = setTimeout(() => {
      workers.register(url, { scope: "/" }).catch(() => {});
    }, REGISTER_DELAY_MS);
  };
  if (win.document.readyState === "complete") start();
  else win.addEventListener("load", start, { once: true });
  return () => {
    win.removeEventListener("load", start);
    if (timer !== undefined) clearTimeout(timer);
  };
}

/** The update check looks for a new worker too (a new build lists new assets). */
export async function updateServiceWorker(workers: Container | null = container()): Promise<void> {
  const registration = await workers?.getRegistration("/").catch(() => undefined);
  await registration?.update().catch(() => {});
}
