import createServer from "@inertiajs/react/server";

import { preloadPages } from "@/app";
import { samplePage, samples } from "@/ssr/samples";
import { renderPage, type SsrPage } from "@/ssrRender";

// The Inertia SSR server Django asks for a page's first HTML (INERTIA_SSR_URL); started and
// supervised next to Django (app/core/ssr_process.py). A page it cannot render is answered
// with 500, and Django sends that page to be rendered in the browser.
const port = Number(process.env.SSR_PORT ?? 13714);
const host = process.env.SSR_HOST ?? "127.0.0.1";

// Listening (and /health answering) only once every page is loaded and has rendered once
// (its sample): the first renders of a fresh process are many times slower than the next.
await preloadPages(["pl", "en"]);
for (const component of Object.keys(samples) as (keyof typeof samples)[]) {
  for (const locale of ["pl", "en"]) {
    await renderPage(samplePage(component, locale) as unknown as SsrPage).catch((error) =>
      console.error(`SSR warm-up of ${component} failed`, error),
    );
  }
}
createServer((page) => renderPage(page), { port, host });
