import { afterEach, describe, expect, it, vi } from "vitest";

import { setConsent, type ConsentChoice } from "@/lib/consent";

import {
  currentEnvironment,
  mayRecord,
  startRecorder,
  type Recorder,
  type RecorderEnvironment,
  type Tracker,
} from "./recorder";
import { trackerOptions } from "./openreplay";
import { MASK } from "./sanitizer";

const CONFIG = { projectKey: "key-1", ingestUrl: "https://replay.platforma.example/ingest" };
const OK: RecorderEnvironment = {
  production: true,
  protocol: "https:",
  doNotTrack: false,
  features: true,
};

function choice(marketing: boolean, advertising = false): ConsentChoice {
  return {
    purposes: { base: true, marketing, advertising },
    services: marketing ? ["gtm", "google_analytics"] : ["gtm"],
  };
}

function fakeTracker() {
  const tracker = {
    start: vi.fn<Tracker["start"]>(() => Promise.resolve({ success: true })),
    stop: vi.fn(),
    setUserID: vi.fn(),
  };
  const load = vi.fn(() => Promise.resolve(tracker as Tracker));
  return { tracker, load };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
let recorder: Recorder | null = null;

afterEach(() => {
  recorder?.close();
  recorder = null;
  setConsent(null);
  vi.restoreAllMocks();
});

describe("start conditions", () => {
  it.each<[string, Partial<RecorderEnvironment>, boolean]>([
    ["a production build on https without DNT", {}, true],
    ["a development build", { production: false }, false],
    ["a plain-http page", { protocol: "http:" }, false],
    ["Do-Not-Track", { doNotTrack: true }, false],
    ["missing browser features", { features: false }, false],
  ])("%s → recording allowed: %s", async (_, overrides, allowed) => {
    const { tracker, load } = fakeTracker();
    const environment = { ...OK, ...overrides };
    expect(mayRecord(environment)).toBe(allowed);
    recorder = startRecorder(CONFIG, { environment, load });
    setConsent(choice(true));
    await flush();
    expect(load).toHaveBeenCalledTimes(allowed ? 1 : 0);
    expect(tracker.start).toHaveBeenCalledTimes(allowed ? 1 : 0);
  });

  it("loads nothing before consent, nor when only advertising is accepted", async () => {
    const { load } = fakeTracker();
    recorder = startRecorder(CONFIG, { environment: OK, load });
    setConsent(choice(false, true));
    await flush();
    expect(load).not.toHaveBeenCalled();
  });

  it("starts once the marketing purpose is accepted, with the logged-in customer_id", async () => {
    const { tracker, load } = fakeTracker();
    recorder = startRecorder(CONFIG, { environment: OK, load });
    recorder.identify("cust-1");
    setConsent(choice(true));
    setConsent(choice(true, true));
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    expect(tracker.start.mock.calls).toEqual([[{ userID: "cust-1" }]]);
  });

  it("is anonymous (empty id) when nobody is logged in, and learns a later login", async () => {
    const { tracker, load } = fakeTracker();
    recorder = startRecorder(CONFIG, { environment: OK, load });
    setConsent(choice(true));
    await flush();
    recorder.identify("cust-2");
    await flush();
    expect(tracker.start.mock.calls).toEqual([[{ userID: "" }]]);
    expect(tracker.setUserID.mock.calls).toEqual([["cust-2"]]);
  });

  it("stops when the consent is withdrawn and starts again on a new acceptance", async () => {
    const { tracker, load } = fakeTracker();
    recorder = startRecorder(CONFIG, { environment: OK, load });
    setConsent(choice(true));
    await flush();
    setConsent(choice(false));
    await flush();
    expect(tracker.stop).toHaveBeenCalledTimes(1);
    setConsent(choice(true));
    await flush();
    expect(tracker.start).toHaveBeenCalledTimes(2);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("never starts when withdrawn before the tracker finished loading", async () => {
    const { tracker, load } = fakeTracker();
    recorder = startRecorder(CONFIG, { environment: OK, load });
    setConsent(choice(true));
    setConsent(choice(false));
    await flush();
    expect(tracker.start).not.toHaveBeenCalled();
  });

  it("keeps the page working when the tracker cannot be loaded (console only)", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const load = vi.fn(() => Promise.reject(new Error("blocked")));
    recorder = startRecorder(CONFIG, { environment: OK, load });
    setConsent(choice(true));
    await flush();
    expect(warn).toHaveBeenCalledWith("Session recording could not load", expect.any(Error));
  });
});

describe("the environment", () => {
  it("is not production under the test runner, and sees DNT", () => {
    expect(currentEnvironment()).toMatchObject({ production: false, doNotTrack: false });
    Object.defineProperty(navigator, "doNotTrack", { value: "1", configurable: true });
    try {
      expect(currentEnvironment().doNotTrack).toBe(true);
    } finally {
      delete (navigator as { doNotTrack?: unknown }).doNotTrack;
    }
  });

  it.each(["Worker", "Blob", "MutationObserver"])("misses %s when the browser lacks it", (name) => {
    const own = Object.getOwnPropertyDescriptor(window, name);
    const hadWorker = "Worker" in window;
    // jsdom has no Worker: a stand-in makes the full set present first.
    if (!hadWorker)
      Object.defineProperty(window, "Worker", { value: class {}, configurable: true });
    try {
      expect(currentEnvironment().features).toBe(true);
      delete (window as unknown as Record<string, unknown>)[name];
      expect(currentEnvironment().features).toBe(false);
    } finally {
      if (own) Object.defineProperty(window, name, own);
      if (!hadWorker) delete (window as { Worker?: unknown }).Worker;
    }
  });
});

describe("the tracker's options", () => {
  const options = trackerOptions(CONFIG);

  it("capture payloads, failures and successes, without iframes, inputs obscured", () => {
    expect(options).toMatchObject({
      projectKey: "key-1",
      ingestPoint: "https://replay.platforma.example/ingest",
      respectDoNotTrack: true,
      captureIFrames: false,
      defaultInputMode: 1,
      consoleThrottling: 30,
      network: { capturePayload: true, failuresOnly: false, captureInIframes: false },
    });
    expect(options.network?.ignoreHeaders).toContain("x-platforma-token");
  });

  it("sanitize network calls, page URLs and resource names", () => {
    expect(options.urls?.urlSanitizer?.("https://p.example/session/abc/x")).toBe(
      `https://p.example/session/${MASK}/x`,
    );
    expect(options.resourceNameSanitizer?.("/odbierz_kurs/CODE")).toBe(`/odbierz_kurs/${MASK}`);
    const sanitized = options.network?.sanitizer?.({
      status: 200,
      method: "POST",
      url: "/login",
      request: { body: '{"loginPassword":"x"}', headers: {} },
      response: { body: { value: "t" }, headers: {} },
    });
    expect(sanitized?.request.body).toBe("");
  });
});
