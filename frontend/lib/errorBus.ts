import type { Failure } from "./errors";

type Listener = (failure: Failure) => void;

let listener: Listener | null = null;
const waiting: Failure[] = [];

/** Hand a failed request to the app's error dialog (queued until the dialog is mounted). */
export function reportFailure(failure: Failure): void {
  if (listener) listener(failure);
  else waiting.push(failure);
}

export function onFailure(next: Listener): () => void {
  listener = next;
  waiting.splice(0).forEach(next);
  return () => {
    if (listener === next) listener = null;
  };
}
