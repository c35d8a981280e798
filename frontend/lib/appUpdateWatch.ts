import type { router as inertiaRouter } from "@inertiajs/react";

import {
  CHECK_INTERVAL_MS,
  clearCaches,
  isUpdateReady,
  reloadForUpdate,
  settle,
  takeRedirect,
} from "@/lib/appUpdate";
import { getJson } from "@/lib/http";
import { registerWhenStable, updateServiceWorker } from "@/lib/serviceWorker";
import { routes } from "@/routes";

/** Look for a new build once the page is idle and every 5 minutes (the service worker
 * too); when there is one, the next navigation reloads into it and carries on
 * (docs/behaviour.md#application-updates). Returns the stop.
 *
 * The caller hands over Inertia's router: imported here (a chunk loaded later), it made the
 * bundler split the entry into several chunks, 1.3 KB gzip more of every first load. */
export function watchAppUpdate(runningVersion: string, router: typeof inertiaRouter): () => void {
  const redirect = takeRedirect(sessionStorage, window.location.origin);
  const here = window.location.pathname + window.location.search + window.location.hash;
  if (redirect && redirect !== here) router.visit(redirect, { replace: true });

  // Development (the Vite server) has no build to keep.
  const stopRegistration = import.meta.env.DEV
    ? () => {}
    : registerWhenStable(routes.shell.serviceWorker());

  let latest: string | null = null;
  async function check() {
    void updateServiceWorker();
    const result = await getJson<{ version?: unknown }>(routes.shell.version(), {
      handle: "all",
    });
    if (result.status === 200 && typeof result.data?.version === "string") {
      latest = result.data.version;
      settle(sessionStorage, runningVersion, latest);
    }
  }
  // Safari has no requestIdleCallback: a short delay stands in for "once the page is idle".
  const hasIdle = typeof window.requestIdleCallback === "function";
  const idle = hasIdle
    ? window.requestIdleCallback(() => void check())
    : setTimeout(() => void check(), 2000);
  const interval = window.setInterval(() => void check(), CHECK_INTERVAL_MS);

  const offBefore = router.on("before", (event) => {
    const visit = event.detail.visit;
    if (visit.method !== "get" || visit.prefetch || visit.only.length > 0) return;
    if (!isUpdateReady(runningVersion, latest)) return;
    const reloaded = reloadForUpdate(visit.url.href, sessionStorage, () => {
      void clearCaches().finally(() => window.location.reload());
    });
    if (reloaded) return false;
  });

  return () => {
    if (hasIdle) window.cancelIdleCallback(idle as number);
    else clearTimeout(idle);
    window.clearInterval(interval);
    stopRegistration();
    offBefore();
  };
}
