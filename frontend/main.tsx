import "./styles.css";

import { createInertiaApp } from "@inertiajs/react";
import { createRoot, hydrateRoot } from "react-dom/client";

import { layoutOf, resolvePage, titleOf } from "@/app";
import { preloadTopBar } from "@/components/shell/TopBar";
import { loadMessages } from "@/i18n";
import { startTracking } from "@/tracking";

/** What the start needs of the first page's props: its language and who views it (the
 * rest is not kept: a logged-in page's data must not outlive the logout). */
function firstPage(): { locale?: string; viewer?: string } {
  const script = document.querySelector('script[data-page="app"]');
  try {
    const props = JSON.parse(script?.textContent ?? "{}")?.props;
    return { locale: props?.locale, viewer: props?.shell?.viewer };
  } catch {
    return {};
  }
}

const first = firstPage();
const locale = first.locale ?? "pl";

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

// The top bar's menus in the server's HTML are loaded with the texts, before React takes
// the HTML over: a part still loading then would be taken away and put back (preloadable).
Promise.all([loadMessages(locale), preloadTopBar(first.viewer)])
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
