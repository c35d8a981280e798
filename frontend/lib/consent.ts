/**
 * The visitor's consent as the browser knows it: the one place the consent notice writes
 * and the tag manager and the session recorder read. Until a choice is known (`null`),
 * nothing but the required services may run.
 */

/** The purposes are django-cookie-consent's cookie groups (their `varname`s). */
export type Purpose = "base" | "marketing" | "advertising";

export interface ConsentChoice {
  /** Whether each purpose is accepted (a purpose is accepted when any of its services is). */
  purposes: Record<Purpose, boolean>;
  /** Accepted services by their cookie name in the library (e.g. "google_analytics"). */
  services: string[];
}

type Listener = (choice: ConsentChoice | null) => void;

let current: ConsentChoice | null = null;
const listeners = new Set<Listener>();

export function currentConsent(): ConsentChoice | null {
  return current;
}

/** Called by the consent notice: with the server's state on start, then on each choice. */
export function setConsent(choice: ConsentChoice | null): void {
  current = choice;
  for (const listener of listeners) listener(choice);
}

/** Calls `listener` now with the current state and after every change; returns the unsubscribe. */
export function onConsentChange(listener: Listener): () => void {
  listeners.add(listener);
  listener(current);
  return () => listeners.delete(listener);
}

export function purposeAccepted(purpose: Purpose): boolean {
  return purpose === "base" || Boolean(current?.purposes[purpose]);
}
