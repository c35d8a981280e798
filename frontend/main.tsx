import "./styles.css";

import { createInertiaApp } from "@inertiajs/react";
import type { ComponentType } from "react";
import { createRoot } from "react-dom/client";

import { areaOf, loadMessages } from "@/i18n";
import AppLayout from "@/layouts/AppLayout";
import LearnerLayout from "@/layouts/LearnerLayout";
import { inLearnerLayout, layoutCatalogues } from "@/lib/layouts";
import { startTracking } from "@/tracking";

type PageModule = { default: ComponentType; catalogues?: string[] };

// Each page is its own chunk; tests next to pages must never land in the bundle.
const pages = import.meta.glob<PageModule>(["./pages/**/*.tsx", "!./pages/**/*.test.tsx"]);

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
      resolve: async (name, page) => {
        const load = pages[`./pages/${name}.tsx`];
        if (!load) throw new Error(`Unknown page component: ${name}`);
        // A page's texts arrive with it, in the language the server chose for this visit.
        const language = page?.props.locale ?? locale;
        const [module] = await Promise.all([
          load(),
          loadMessages(language, areaOf(name), ...layoutCatalogues(name)),
        ]);
        if (module.catalogues) await loadMessages(language, ...module.catalogues);
        return module.default;
      },
      // Persistent layouts, chosen by page name: every page stands in the shell, learner
      // pages also in the learner menu. Pages never wrap themselves, so a layout keeps its
      // state (open menus, timers, the menu's scroll) across visits between its pages.
      layout: (name) => (inLearnerLayout(name) ? [AppLayout, LearnerLayout] : AppLayout),
      title: (title) => (title ? `${title} · Platforma` : "Platforma"),
      setup({ el, App, props }) {
        // Read once: a logged-in page's data must not outlive the logout in the document.
        document.querySelector('script[data-page="app"]')?.remove();
        createRoot(el!).render(<App {...props} />);
      },
      // The progress bar's styles live in styles.css: the CSP allows no injected <style>.
      progress: { color: "#1d4ed8", delay: 150, includeCSS: false },
    }),
  )
  .catch((error: unknown) => console.error("Platforma could not start", error));
