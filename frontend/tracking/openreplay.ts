/** The OpenReplay tracker (docs/behaviour.md#session-recording): loaded on demand (recorder.ts). */
import OpenReplay from "@openreplay/tracker";

import type { RecorderConfig, Tracker } from "./recorder";
import { maskUrl, sanitizeRequest } from "./sanitizer";

type TrackerOptions = ConstructorParameters<typeof OpenReplay>[0];

const OBSCURED = 1;

/**
 * The tracker's options. The cold-start buffer (30 s), the websocket message
 * cap (5 MB), the name cap (255), the input-label cut (100) and the page-load timing
 * cutoff (30 s) are the tracker's built-in values and have no option.
 */
export function trackerOptions(config: RecorderConfig): TrackerOptions {
  return {
    projectKey: config.projectKey,
    ingestPoint: config.ingestUrl,
    respectDoNotTrack: true,
    captureIFrames: false,
    defaultInputMode: OBSCURED,
    consoleThrottling: 30,
    capturePageLoadTimings: true,
    network: {
      capturePayload: true,
      sessionTokenHeader: false,
      failuresOnly: false,
      captureInIframes: false,
      ignoreHeaders: ["cookie", "set-cookie", "authorization", "x-platforma-token"],
      sanitizer: sanitizeRequest,
    },
    urls: { urlSanitizer: maskUrl },
    resourceNameSanitizer: maskUrl,
    css: {},
  };
}

export function createTracker(config: RecorderConfig): Tracker {
  return new OpenReplay(trackerOptions(config));
}
