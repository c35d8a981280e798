/** The tag manager and the session recorder, started once when the application starts. */
import { pushCustomerId } from "@/lib/analytics";

import { startRecorder, type Recorder } from "./recorder";
import { startTagManager } from "./tagManager";

let recorder: Recorder | null = null;

export function startTracking(): void {
  startTagManager();
  // Set by the server only when OPENREPLAY_PROJECT_KEY and OPENREPLAY_INGEST_URL are.
  const meta = document.querySelector<HTMLMetaElement>('meta[name="session-recorder"]');
  const projectKey = meta?.dataset.projectKey;
  const ingestUrl = meta?.dataset.ingestUrl;
  if (projectKey && ingestUrl) recorder = startRecorder({ projectKey, ingestUrl });
}

/** The logged-in user's customer_id for the data layer and the recording. */
export function identifyVisitor(customerId: string | null | undefined): void {
  pushCustomerId(customerId);
  recorder?.identify(customerId ?? "");
}
