/** Reload into a new build once, then go where the user was going
 * (docs/behaviour.md#application-updates). */

export const REDIRECT_KEY = "redirect";
export const RELOADED_KEY = "reloaded";
export const CHECK_INTERVAL_MS = 5 * 60 * 1000;

export function isUpdateReady(current: string, latest: string | null): boolean {
  return latest !== null && latest !== current;
}

/** Before a navigation to `target` with an update ready: store the target, set the flag and
 * reload. Returns false (navigate normally) when this tab already reloaded for an update that
 * did not take, so a server still answering with the old build can never cause a loop. */
export function reloadForUpdate(target: string, storage: Storage, reload: () => void): boolean {
  if (storage.getItem(RELOADED_KEY)) return false;
  storage.setItem(REDIRECT_KEY, target);
  storage.setItem(RELOADED_KEY, "true");
  reload();
  return true;
}

/** After an update reload: the stored target, removed so it is visited only once. Only a
 * same-site path is ever returned. */
export function takeRedirect(storage: Storage, origin: string): string | null {
  const stored = storage.getItem(REDIRECT_KEY);
  if (stored === null) return null;
  storage.removeItem(REDIRECT_KEY);
  try {
    const url = new URL(stored, origin);
    return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

/** Once the running build is the newest one, a later update may reload this tab again. */
export function settle(storage: Storage, current: string, latest: string): void {
  if (latest === current) storage.removeItem(RELOADED_KEY);
}

/** Drop the Cache Storage entries a previous build may have left behind. */
export async function clearCaches(): Promise<void> {
  if (typeof caches === "undefined") return;
  const names = await caches.keys();
  await Promise.all(names.map((name) => caches.delete(name)));
}
