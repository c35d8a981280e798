import { router } from "@inertiajs/react";
import { useEffect } from "react";

/** Application updates (docs/behaviour.md#application-updates), watched while the app runs
 * (lib/appUpdateWatch.ts). No page needs the watch to show, so its code is a chunk of its own
 * that arrives after the page's first load. */
export function useAppUpdate(runningVersion: string): void {
  useEffect(() => {
    let stop: (() => void) | null = null;
    let stopped = false;
    void import("@/lib/appUpdateWatch").then(({ watchAppUpdate }) => {
      if (!stopped) stop = watchAppUpdate(runningVersion, router);
    });
    return () => {
      stopped = true;
      stop?.();
    };
  }, [runningVersion]);
}
