import { Link, router, usePage } from "@inertiajs/react";
import { Suspense } from "react";

import { useT } from "@/i18n";
import { preloadable } from "@/lib/preloadable";
import { routes } from "@/routes";

// Only logged-in learners need these, so visitors of /login never download them.
const UserMenu = preloadable(() => import("./UserMenu"));
const NotificationsMenu = preloadable(() => import("./NotificationsMenu"));
const MobileMenu = preloadable(() => import("./MobileMenu"));

/** The chunks of what the top bar shows this viewer, loaded before the page comes alive. */
export async function preloadTopBar(viewer: string | undefined): Promise<void> {
  if (viewer === "learner") {
    await Promise.all([UserMenu.preload(), NotificationsMenu.preload(), MobileMenu.preload()]);
  }
}

const LINK =
  "inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-blue-700";

/** The top bar (docs/behaviour.md#top-bar). */
export default function TopBar() {
  const t = useT();
  const { shell } = usePage().props;
  const isAdminHeader = shell.header_type === "admin";
  return (
    <header
      className={`relative border-b ${isAdminHeader ? "border-slate-800 bg-slate-900 text-white" : "border-slate-200 bg-white"}`}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4">
        <Link
          href={routes.core.home()}
          className="text-xl font-extrabold tracking-tight"
          aria-label={t("shell.home")}
        >
          {t("app.name")}
        </Link>
        <div className="flex items-center gap-1 sm:gap-2">
          {shell.viewer === "admin" ? (
            <>
              <a
                href={shell.admin_url}
                className={`${LINK} bg-blue-700 text-white hover:bg-blue-800`}
              >
                {t("shell.admin_panel")}
              </a>
              <button
                type="button"
                onClick={() => router.post(routes.accounts.logout())}
                className={`${LINK} ${isAdminHeader ? "hover:bg-slate-800" : "text-blue-800 hover:bg-blue-50"}`}
              >
                {t("shell.logout")}
              </button>
            </>
          ) : shell.viewer === "learner" ? (
            <Suspense fallback={<span className="size-11" />}>
              <NotificationsMenu />
              <div className="hidden md:block">
                <UserMenu />
              </div>
              <MobileMenu />
            </Suspense>
          ) : (
            <Link
              href={routes.accounts.login()}
              className={`${LINK} ${isAdminHeader ? "text-white hover:bg-slate-800" : "text-blue-800 hover:bg-blue-50"}`}
            >
              {t("shell.login")}
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
