/** The tag manager and the session recorder, started once when the application starts. */
import { pushCustomerId } from "@/lib/analytics";

import type { Recorder } from "./recorder";
import { startTagManager } from "./tagManager";

let recorder: Recorder | null = null;
// Who is logged in, for a recorder still loading: it is told once it has started.
let visitor = "";

export function startTracking(): void {
  startTagManager();
  // Set by the server only when OPENREPLAY_PROJECT_KEY and OPENREPLAY_INGEST_URL are; the
  // recorder's code is a chunk of its own, so pages without recording never download it.
  const meta = document.querySelector<HTMLMetaElement>('meta[name="session-recorder"]');
  const projectKey = meta?.dataset.projectKey;
  const ingestUrl = meta?.dataset.ingestUrl;
  if (!projectKey || !ingestUrl) return;
  void import("./recorder").then(({ startRecorder }) => {
    recorder = startRecorder({ projectKey, ingestUrl });
    recorder.identify(visitor);
  });
}

/** The logged-in user's customer_id for the data layer and the recording. */
export function identifyVisitor(customerId: string | null | undefined): void {
  pushCustomerId(customerId);
  visitor = customerId ?? "";
  recorder?.identify(visitor);
}
