import "./styles.css";

import { createInertiaApp } from "@inertiajs/react";
import { createRoot, hydrateRoot } from "react-dom/client";

import { layoutOf, resolvePage, titleOf } from "@/app";
import { loadMessages } from "@/i18n";
import { startTracking } from "@/tracking";

function initialLocale(): string | undefined {
  const script = document.querySelector('script[data-page="app"]');
  try {
    return JSON.parse(script?.textContent ?? "{}")?.props?.locale;
  } catch {
    return undefined;
  }
}

const locale = initialLocale() ?? "pl";

// Nothing is sent before consent: the tag manager denies all, the recorder waits.
startTracking();

// Error reporting only when the server names where to (SENTRY_DSN_FRONTEND): its code is
// a chunk of its own, never downloaded otherwise.
const errorReporting = document.querySelector<HTMLMetaElement>('meta[name="sentry-dsn"]');
if (errorReporting?.content) {
  void import("@/lib/sentry").then(({ startSentry }) =>
    startSentry(errorReporting.content, errorReporting.dataset.environment ?? "production"),
  );
}

loadMessages(locale)
  .then(() =>
    createInertiaApp({
      // A page's texts arrive with it, in the language the server chose for this visit.
      resolve: (name, page) => resolvePage(name, page?.props.locale ?? locale),
      layout: layoutOf,
      title: titleOf,
      setup({ el, App, props }) {
        // Read once: a logged-in page's data must not outlive the logout in the document.
        document.querySelector('script[data-page="app"]')?.remove();
        // The server rendered the page when it could (ssr.tsx): React takes over its HTML;
        // when it could not, the page is rendered here.
        if (el!.hasAttribute("data-server-rendered")) hydrateRoot(el!, <App {...props} />);
        else createRoot(el!).render(<App {...props} />);
      },
      // The progress bar's styles live in styles.css: the CSP allows no injected <style>.
      progress: { color: "#1d4ed8", delay: 150, includeCSS: false },
    }),
  )
  .catch((error: unknown) => console.error("Platforma could not start", error));
