import { usePage } from "@inertiajs/react";
import { lazy, Suspense, useEffect, useMemo, useSyncExternalStore, type ReactNode } from "react";

import ConsentRoot from "@/components/consent/ConsentRoot";
import FlashMessages from "@/components/FlashMessages";
import DevBanner from "@/components/shell/DevBanner";
import ErrorDialogHost from "@/components/shell/ErrorDialogHost";
import InfoBanners from "@/components/shell/InfoBanners";
// Not loaded lazily: the server's HTML has it on phones, and a lazy part that is still
// loading when the page comes alive is taken away and put back (the page jumps).
import MobileAppBanner from "@/components/shell/MobileAppBanner";
import MonitoringBanner from "@/components/shell/MonitoringBanner";
import TopBar from "@/components/shell/TopBar";
import { useAlert } from "@/hooks/useAlert";
import { useAppUpdate } from "@/hooks/useAppUpdate";
import { useT } from "@/i18n";
import { APP_BANNER_COOKIE, readCookie } from "@/lib/cookies";
import { detectMobileOs } from "@/lib/device";
import { identifyVisitor } from "@/tracking";

// Parts most visits never show, or show below the fold, load on their own: the first load
// of a page stays small (120 KB budget for /login).
const AlertBanner = lazy(() => import("@/components/shell/AlertBanner"));
const Footer = lazy(() => import("@/components/shell/Footer"));

const neverChanges = () => () => {};
const bannerOsInBrowser = () => (readCookie(APP_BANNER_COOKIE) === null ? detectMobileOs() : null);

/** The shell every page stands in (docs/behaviour.md#shell). */
export default function AppLayout({ children }: { children: ReactNode }) {
  const page = usePage();
  const t = useT();
  const { auth, shell, locale } = page.props;
  const isAdminRoute = shell.header_type === "admin";

  useEffect(() => identifyVisitor(auth.user?.customer_id), [auth.user?.customer_id]);
  useEffect(() => {
    document.documentElement.lang = locale;
    document.body.classList.toggle("admin-route", isAdminRoute);
  }, [locale, isAdminRoute]);
  useAppUpdate(page.version ?? "");
  const alert = useAlert();
  // The same element on every render of the shell: an update of the shell as the page
  // comes alive then never reaches the footer, which, still loading, React would take away
  // and put back (the page jumped). So it can load with the page rather than before it,
  // and stay out of the first load's budget.
  const footer = useMemo(
    () =>
      isAdminRoute ? null : (
        <Suspense fallback={<div className="min-h-40 border-t border-slate-200 bg-white" />}>
          <Footer />
        </Suspense>
      ),
    [isAdminRoute],
  );
  // The server decides from the User-Agent, so its HTML already has the banner (nothing
  // moves when the page comes alive); the browser adds it where only it can tell (iPadOS
  // reports itself as a Mac), after hydrating what the server sent.
  const mobileOs = useSyncExternalStore(
    neverChanges,
    () => shell.app_banner ?? bannerOsInBrowser(),
    () => shell.app_banner,
  );

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {t("shell.skip_to_content")}
      </a>
      {shell.is_production ? null : <DevBanner />}
      {mobileOs ? <MobileAppBanner os={mobileOs} /> : null}
      <Suspense fallback={null}>{alert ? <AlertBanner alert={alert} /> : null}</Suspense>
      {auth.user?.supervision ? <MonitoringBanner /> : null}
      <TopBar />
      <main id="main" className="flex-1">
        {shell.viewer === "learner" ? <InfoBanners /> : null}
        <FlashMessages />
        {children}
      </main>
      {footer}
      <ErrorDialogHost />
      <ConsentRoot />
    </div>
  );
}
