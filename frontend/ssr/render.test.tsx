// @vitest-environment node
import { afterEach, describe, expect, it, vi } from "vitest";

import { renderPage, type SsrPage } from "@/ssrRender";

import { samplePage, samples } from "./samples";

function pageOf(component: string, locale: string): SsrPage {
  return samplePage(component as keyof typeof samples, locale) as unknown as SsrPage;
}

afterEach(() => vi.restoreAllMocks());

describe("every page renders on the server", () => {
  it("has a sample for every page component", async () => {
    const { pageNames } = await import("@/app");
    expect(Object.keys(samples).sort()).toEqual([...pageNames].sort());
  });

  for (const locale of ["pl", "en"]) {
    for (const component of Object.keys(samples)) {
      it(`${component} (${locale})`, async () => {
        const errors = vi.spyOn(console, "error");
        const { head, body } = await renderPage(pageOf(component, locale));

        expect(errors).not.toHaveBeenCalled();
        expect(body).toMatch(/^<script data-page="app" type="application\/json">\{"component"/);
        expect(body).toContain('<div data-server-rendered="true" id="app">');
        // The shell is there, with its texts in the page's language (no bare keys).
        expect(body).toContain('<main id="main"');
        expect(body).not.toMatch(/>(shell|menu|footer|banner|learner)\.[a-z_.]+</);
        expect(head.filter((tag) => tag.startsWith("<title"))).toHaveLength(1);
        // The page's data is the only script: the CSP allows no inline one.
        expect(body.match(/<script/g)).toHaveLength(1);
        expect(body).not.toContain("<template");
        // The CSP (style-src 'self') drops style attributes from HTML, and hydration never
        // puts them back: a server-rendered element may not depend on one.
        expect(body).not.toMatch(/<[^>]+\sstyle="/);
      });
    }
  }

  it("a long page keeps its lazily loaded parts in place, with no script to complete them", async () => {
    const page = pageOf("Shell/SitePage", "pl");
    const paragraph = { kind: "paragraph", text: "Długi akapit regulaminu. ".repeat(40) };
    (page.props as Record<string, unknown>).blocks = Array(60).fill(paragraph);
    const { body } = await renderPage(page);
    expect(body.length).toBeGreaterThan(60_000);
    expect(body.match(/<script/g)).toHaveLength(1);
    expect(body).toMatch(/<!--\$--><footer/);
  });

  it("every page has a description; public pages an Open Graph title, the others noindex", async () => {
    for (const component of Object.keys(samples)) {
      const sample = samples[component as keyof typeof samples];
      const { head } = await renderPage(pageOf(component, "pl"));
      const tags = head.join("\n");
      expect(tags, component).toMatch(/<meta name="description" content="[^"]{20,}"/);
      const hidden = sample.shared.auth.user !== null || component === "Accounts/AdminLogin";
      expect(tags.includes('<meta name="robots" content="noindex"'), component).toBe(hidden);
      expect(tags.includes('<meta property="og:title"'), component).toBe(!hidden);
    }
  });

  it("the login page describes itself and a legal page quotes its first paragraph", async () => {
    const login = (await renderPage(pageOf("Accounts/Login", "pl"))).head.join("");
    expect(login).toContain(
      '<meta name="description" content="Zaloguj się do Platformy albo załóż darmowe konto i zacznij naukę." data-inertia="description">',
    );
    expect(login).toContain(
      '<meta property="og:title" content="Logowanie i rejestracja" data-inertia="og:title">',
    );
    const legal = (await renderPage(pageOf("Shell/SitePage", "en"))).head.join("");
    expect(legal).toContain('content="Administratorem danych jest Platforma."');
  });

  it("the page JSON cannot end the script it is in", async () => {
    const page = pageOf("Errors/Error", "pl");
    (page.props as Record<string, unknown>).message = "</script><script>alert(1)</script>";
    const { body } = await renderPage(page);
    expect(body.match(/<\/script>/g)).toHaveLength(1);
  });

  it("a page whose props it cannot render rejects (the SSR server answers 500)", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const page = pageOf("Learning/Course", "pl");
    (page.props as Record<string, unknown>).course = null;
    await expect(renderPage(page)).rejects.toThrow();
  });
});
