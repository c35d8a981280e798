import { Link, usePage } from "@inertiajs/react";
import { useEffect, useRef, type ReactNode } from "react";

import Glyph from "@/components/ui/Glyph";
import { menuLabel } from "@/components/shell/menuLabel";
import { useT } from "@/i18n";
import { routes } from "@/routes";

/** The learner area around its pages: the area's menu, then the page. It persists across
 * visits between learner pages (main.tsx chooses it by page name). */
export default function LearnerLayout({ children }: { children: ReactNode }) {
  const t = useT();
  const page = usePage();
  const current = page.url.split("?")[0];
  // The learner menu every page receives from the shell (docs/behaviour.md#menus).
  const menu = page.props.menu?.learner ?? [];
  const activeLink = useRef<HTMLAnchorElement>(null);

  // On a phone the menu scrolls sideways: bring the current page's entry into view.
  useEffect(() => {
    activeLink.current?.scrollIntoView?.({ block: "nearest", inline: "center" });
  }, [current]);
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-10">
      <nav aria-label={t("learner.nav")} className="-mx-4 mb-6 overflow-x-auto px-4">
        <ul className="flex gap-2 whitespace-nowrap">
          <li>
            <Link
              href={routes.learning.home()}
              className="inline-flex min-h-11 items-center rounded-full px-3 text-sm font-semibold text-blue-800 hover:bg-blue-50"
            >
              {t("learner.title")}
            </Link>
          </li>
          {menu
            .filter((entry) => !entry.external)
            .map((entry) => {
              const label = menuLabel(t, entry);
              const active = current === entry.href || current?.startsWith(`${entry.href}/`);
              return (
                <li key={entry.key}>
                  <Link
                    href={entry.href}
                    ref={active ? activeLink : undefined}
                    aria-current={active ? "page" : undefined}
                    className={`relative inline-flex min-h-11 items-center rounded-full px-3 text-sm font-semibold ${
                      active ? "bg-blue-700 text-white" : "text-slate-800 hover:bg-slate-100"
                    }`}
                  >
                    {entry.hide_label ? (
                      // Cloud customers' learners get the entry without its label
                      // (docs/behaviour.md#menus).
                      <>
                        <span aria-hidden="true">👥</span>
                        <span className="sr-only">{label}</span>
                      </>
                    ) : (
                      label
                    )}
                    {entry.warning ? (
                      <Glyph symbol="⚠" label={t("menu.profile_not_public")} className="ml-1" />
                    ) : null}
                  </Link>
                </li>
              );
            })}
        </ul>
      </nav>
      {children}
    </div>
  );
}
