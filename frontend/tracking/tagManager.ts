/**
 * Google Consent Mode v2 after the first page: the head denied everything and applied the
 * choice already stored; each new choice updates consent as it is made, and a dataLayer
 * event names the accepted services so per-service tags can fire on it.
 */
import { onConsentChange, type ConsentChoice } from "@/lib/consent";

export type ConsentSignals = Record<
  "ad_storage" | "ad_user_data" | "ad_personalization" | "analytics_storage",
  "granted" | "denied"
>;

export const CONSENT_EVENT = "consent_update";

export function consentSignals(choice: ConsentChoice): ConsentSignals {
  const ads = choice.purposes.advertising ? "granted" : "denied";
  return {
    ad_storage: ads,
    ad_user_data: ads,
    ad_personalization: ads,
    analytics_storage: choice.purposes.marketing ? "granted" : "denied",
  };
}

// Google's gtag(): the tag manager reads consent commands only as `arguments` objects.
function gtag(..._args: unknown[]): void {
  window.dataLayer = window.dataLayer ?? [];
  // eslint-disable-next-line prefer-rest-params
  window.dataLayer.push(arguments as unknown as Record<string, unknown>);
}

/** True when the server put the tag manager on this page (GTM_CONTAINER_ID is set). */
export function tagManagerOnPage(): boolean {
  return document.querySelector('meta[name="tag-manager"]') !== null;
}

/** Sends every consent change to the tag manager; returns the unsubscribe. */
export function startTagManager(): () => void {
  if (!tagManagerOnPage()) return () => {};
  let sent = "";
  return onConsentChange((choice) => {
    if (!choice) return;
    const signals = consentSignals(choice);
    const services = [...choice.services].sort();
    const key = JSON.stringify([signals, services]);
    if (key === sent) return;
    sent = key;
    gtag("consent", "update", signals);
    window.dataLayer!.push({ event: CONSENT_EVENT, consent_services: services });
  });
}
