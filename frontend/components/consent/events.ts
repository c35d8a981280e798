/** The consent notice's wiring: who asks it to open, and the events it reports. */

import type { ConsentChoice, Purpose } from "@/lib/consent";
import { readCookie } from "@/lib/cookies";
import { routes } from "@/routes";
import type { ConsentChoiceProps } from "@/types/generated";

export type ConsentLogAction =
  "script_initialization" | "accept" | "accept_all" | "show_popup" | "force_show_popup";

type OpenListener = () => void;
const openListeners = new Set<OpenListener>();

/** Open the cookie settings (the footer's link, the profile's button). */
export function openConsentSettings(): void {
  for (const listener of openListeners) listener();
}

export function onOpenConsentSettings(listener: OpenListener): () => void {
  openListeners.add(listener);
  return () => openListeners.delete(listener);
}

// Events go one after another, in the order they happened.
let pending: Promise<unknown> = Promise.resolve();

type LoggedListener = (action: ConsentLogAction) => void;
const loggedListeners = new Set<LoggedListener>();

/** Calls `listener` with each event once the consent log has stored it (what shows it,
 * e.g. the profile's history, asks for it then, not on a guess of when it is in). */
export function onConsentLogged(listener: LoggedListener): () => void {
  loggedListeners.add(listener);
  return () => {
    loggedListeners.delete(listener);
  };
}

async function send(action: ConsentLogAction): Promise<boolean> {
  const body = new FormData();
  body.append("action", action);
  const headers: Record<string, string> = { Accept: "application/json" };
  const token = readCookie("XSRF-TOKEN");
  if (token) headers["X-XSRF-TOKEN"] = token;
  const response = await fetch(routes.consent.log(), {
    method: "POST",
    body,
    headers,
    credentials: "include",
  });
  return response.ok;
}

/** Report one event to the consent log (docs/behaviour.md#consent-log); failures change nothing. */
export function logConsentEvent(action: ConsentLogAction): void {
  pending = pending
    .then(() => send(action))
    .then((stored) => {
      if (stored) for (const listener of loggedListeners) listener(action);
    })
    .catch(() => undefined);
}

/** The server's choice as the browser-side consent state reads it. */
export function toChoice(props: ConsentChoiceProps | null): ConsentChoice | null {
  if (!props) return null;
  const accepted = (purpose: Purpose) => Boolean(props.purposes[purpose]);
  return {
    purposes: {
      base: true,
      marketing: accepted("marketing"),
      advertising: accepted("advertising"),
    },
    services: [...props.services],
  };
}
