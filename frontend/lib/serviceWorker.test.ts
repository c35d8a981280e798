import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { REGISTER_DELAY_MS, registerWhenStable, updateServiceWorker } from "./serviceWorker";

function fakeWorkers() {
  const update = vi.fn(() => Promise.resolve());
  return {
    register: vi.fn(() => Promise.resolve({} as ServiceWorkerRegistration)),
    getRegistration: vi.fn(() =>
      Promise.resolve({ update } as unknown as ServiceWorkerRegistration),
    ),
    update,
  };
}

describe("service worker", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("is registered 30000 ms after the app is stable, from the root scope", () => {
    const workers = fakeWorkers();
    registerWhenStable("/sw.js", { workers });

    vi.advanceTimersByTime(REGISTER_DELAY_MS - 1);
    expect(workers.register).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(workers.register).toHaveBeenCalledExactlyOnceWith("/sw.js", { scope: "/" });
    expect(REGISTER_DELAY_MS).toBe(30000);
  });

  it("waits for the load event when the page is still loading", () => {
    const workers = fakeWorkers();
    const win = new EventTarget() as unknown as Window;
    Object.assign(win, { document: { readyState: "loading" } });
    registerWhenStable("/sw.js", { workers, win });

    vi.advanceTimersByTime(REGISTER_DELAY_MS * 2);
    expect(workers.register).not.toHaveBeenCalled();
    win.dispatchEvent(new Event("load"));
    vi.advanceTimersByTime(REGISTER_DELAY_MS);
    expect(workers.register).toHaveBeenCalledTimes(1);
  });

  it("is not registered when the page is left before", () => {
    const workers = fakeWorkers();
    const cancel = registerWhenStable("/sw.js", { workers });
    cancel();
    vi.advanceTimersByTime(REGISTER_DELAY_MS);
    expect(workers.register).not.toHaveBeenCalled();
  });

  it("the update check updates the registered worker", async () => {
    const workers = fakeWorkers();
    await updateServiceWorker(workers);
    expect(workers.getRegistration).toHaveBeenCalledWith("/");
    expect(workers.update).toHaveBeenCalledTimes(1);
  });

  it("does nothing in a browser without service workers", async () => {
    expect(() => registerWhenStable("/sw.js", { workers: null })()).not.toThrow();
    await expect(updateServiceWorker(null)).resolves.toBeUndefined();
  });
});
