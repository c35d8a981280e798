/**
 * Session recording with OpenReplay (docs/behaviour.md#session-recording): only in production
 * builds, on https, without Do-Not-Track, with the browser features the tracker needs, and
 * only while the marketing (analytics) purpose is accepted. The tracker is loaded on
 * demand, so nobody who has not agreed downloads it. Its messages go to the console only.
 */
import { onConsentChange } from "@/lib/consent";

export interface RecorderConfig {
  projectKey: string;
  ingestUrl: string;
}

export interface RecorderEnvironment {
  production: boolean;
  protocol: string;
  doNotTrack: boolean;
  features: boolean;
}

/** The part of the tracker the recorder uses. */
export interface Tracker {
  start(options?: { userID?: string }): Promise<unknown>;
  stop(): unknown;
  setUserID(id: string): void;
}

export type LoadTracker = (config: RecorderConfig) => Promise<Tracker>;

// What the tracker checks before it starts (and what its worker needs).
export const REQUIRED_FEATURES = [
  "Map",
  "Set",
  "MutationObserver",
  "performance",
  "Blob",
  "Worker",
];

export function currentEnvironment(): RecorderEnvironment {
  const dnt = (window as { doNotTrack?: string }).doNotTrack;
  return {
    production: import.meta.env.PROD,
    protocol: window.location.protocol,
    doNotTrack: navigator.doNotTrack === "1" || navigator.doNotTrack === "yes" || dnt === "1",
    features: REQUIRED_FEATURES.every((name) => name in window),
  };
}

export function mayRecord(environment: RecorderEnvironment): boolean {
  return (
    environment.production &&
    environment.protocol === "https:" &&
    !environment.doNotTrack &&
    environment.features
  );
}

// The tracker, its options and the sanitizer load together, only once recording may start.
const loadOpenReplay: LoadTracker = async (config) => {
  const { createTracker } = await import("./openreplay");
  return createTracker(config);
};

export interface Recorder {
  /** The logged-in user's customer_id ("" when nobody is logged in). */
  identify(customerId: string): void;
  /** Stops recording for good (unsubscribes from consent changes). */
  close(): void;
}

export function startRecorder(
  config: RecorderConfig,
  {
    environment = currentEnvironment(),
    load = loadOpenReplay,
  }: { environment?: RecorderEnvironment; load?: LoadTracker } = {},
): Recorder {
  let userId = "";
  let recording = false;
  let tracker: Promise<Tracker | null> | null = null;

  function begin() {
    recording = true;
    tracker ??= load(config).catch((error: unknown) => {
      // A blocked or failed download: the page goes on; a later acceptance tries again.
      console.warn("Session recording could not load", error);
      tracker = null;
      return null;
    });
    void tracker.then((instance) => {
      if (instance && recording) {
        instance.start({ userID: userId }).catch((error: unknown) => {
          console.warn("Session recording could not start", error);
        });
      }
    });
  }

  function end() {
    recording = false;
    void tracker?.then((instance) => instance?.stop());
  }

  const unsubscribe = mayRecord(environment)
    ? onConsentChange((choice) => {
        const accepted = Boolean(choice?.purposes.marketing);
        if (accepted && !recording) begin();
        else if (!accepted && recording) end();
      })
    : () => {};

  return {
    identify(customerId) {
      if (customerId === userId) return;
      userId = customerId;
      if (recording) void tracker?.then((instance) => instance?.setUserID(customerId));
    },
    close() {
      unsubscribe();
      end();
    },
  };
}
