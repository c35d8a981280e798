import type { ComponentType, ReactNode } from "react";

import { areaOf, loadMessages } from "@/i18n";
import AppLayout from "@/layouts/AppLayout";
import { inLearnerLayout, layoutCatalogues } from "@/lib/layouts";

/** What the browser (main.tsx) and the server renderer (ssr.tsx) share: how a page name
 * becomes a component with its texts loaded, its layouts and its title. */

type PageModule = { default: ComponentType; catalogues?: string[] };
type Layout = ComponentType<{ children: ReactNode }>;

// Each page is its own chunk; tests next to pages must never land in the bundle.
const pages = import.meta.glob<PageModule>(["./pages/**/*.tsx", "!./pages/**/*.test.tsx"]);

/** The page component, once its texts (and its layouts' texts) are loaded in `language`:
 * the first render, in the browser or on the server, must already show them. */
export async function resolvePage(name: string, language: string): Promise<ComponentType> {
  const load = pages[`./pages/${name}.tsx`];
  if (!load) throw new Error(`Unknown page component: ${name}`);
  const [module] = await Promise.all([
    load(),
    loadMessages(language, areaOf(name), ...layoutCatalogues(name)),
    loadLayouts(name),
  ]);
  if (module.catalogues) await loadMessages(language, ...module.catalogues);
  return module.default;
}

/** Load every page and its texts in every language up front (the SSR process does, before
 * it takes requests, so no visitor waits for a page's first load on the server). */
export async function preloadPages(languages: string[]): Promise<void> {
  await Promise.all(
    languages.flatMap((language) => pageNames.map((name) => resolvePage(name, language))),
  );
}

/** Every page component's name, as the pages folder has them. */
export const pageNames = Object.keys(pages).map((path) =>
  path.replace(/^\.\/pages\//, "").replace(/\.tsx$/, ""),
);

// The learner menu, loaded with the first page that stands in it (resolvePage), so the
// first render already has it and visitors of other pages never download it.
let learnerLayout: Layout | null = null;

async function loadLayouts(name: string): Promise<void> {
  if (inLearnerLayout(name) && !learnerLayout) {
    learnerLayout = (await import("@/layouts/LearnerLayout")).default;
  }
}

// Persistent layouts, chosen by page name: every page stands in the shell, learner
// pages also in the learner menu. Pages never wrap themselves, so a layout keeps its
// state (open menus, timers, the menu's scroll) across visits between its pages.
export function layoutOf(name: string): Layout | Layout[] {
  if (!inLearnerLayout(name)) return AppLayout;
  if (!learnerLayout) throw new Error(`${name} is shown before resolvePage loaded its layout`);
  return [AppLayout, learnerLayout];
}

export function titleOf(title: string): string {
  return title ? `${title} · Platforma` : "Platforma";
}
