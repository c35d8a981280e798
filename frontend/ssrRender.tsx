import { App } from "@inertiajs/react";
import { prerender } from "react-dom/static";

import { layoutOf, resolvePage, titleOf } from "@/app";

/** The page object Inertia sends: the one Django puts into the HTML (app/core/inertia.py). */
export type SsrPage = Parameters<typeof App>[0]["initialPage"];
export type SsrResult = { head: string[]; body: string };

/** What the browser reads the page from and hydrates: the same markup main.tsx expects. */
function ssrBody(page: SsrPage, html: string): string {
  const json = JSON.stringify(page).replace(/\//g, "\\/").replace(/</g, "\\u003c");
  return `<script data-page="app" type="application/json">${json}</script><div data-server-rendered="true" id="app">${html}</div>`;
}

/** The page rendered to HTML with the <head> tags its `<Head>` set, in the page's language.
 *
 * Rendering waits for every lazily loaded part (footer, banners) so the HTML is complete and
 * carries no inline script (the CSP allows none); the browser hydrates each part when its
 * chunk has arrived. */
export async function renderPage(page: SsrPage): Promise<SsrResult> {
  const language = typeof page.props.locale === "string" ? page.props.locale : "pl";
  const component = await resolvePage(page.component, language);
  let head: string[] = [];
  const { prelude } = await prerender(
    <App
      initialPage={page}
      initialComponent={component}
      resolveComponent={(name, next) => resolvePage(name, String(next?.props.locale ?? language))}
      titleCallback={titleOf}
      onHeadUpdate={(elements) => (head = elements)}
      defaultLayout={layoutOf}
    />,
    // Never outlined to be completed by an inline script later in the HTML (React does so
    // past this size): every boundary stays in place, complete.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  return { head: [...new Set(head)], body: ssrBody(page, html) };
}
