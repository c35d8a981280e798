import { usePage } from "@inertiajs/react";
import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";

import ConsentRoot from "@/components/consent/ConsentRoot";
import FlashMessages from "@/components/FlashMessages";
import DevBanner from "@/components/shell/DevBanner";
import ErrorDialogHost from "@/components/shell/ErrorDialogHost";
import InfoBanners from "@/components/shell/InfoBanners";
import MonitoringBanner from "@/components/shell/MonitoringBanner";
import TopBar from "@/components/shell/TopBar";
import { useAlert } from "@/hooks/useAlert";
import { useAppUpdate } from "@/hooks/useAppUpdate";
import { useT } from "@/i18n";
import { detectMobileOs } from "@/lib/device";
import { identifyVisitor } from "@/tracking";

// Parts most visits never show, or show below the fold, load on their own: the first load
// of a page stays small (120 KB budget for /login).
const AlertBanner = lazy(() => import("@/components/shell/AlertBanner"));
const MobileAppBanner = lazy(() => import("@/components/shell/MobileAppBanner"));
const Footer = lazy(() => import("@/components/shell/Footer"));

/** The shell every page stands in (SPEC §2 "Top bar and shell"). */
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
  const [mobileOs] = useState(detectMobileOs);

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {t("shell.skip_to_content")}
      </a>
      {shell.is_production ? null : <DevBanner />}
      <Suspense fallback={null}>
        {mobileOs ? <MobileAppBanner os={mobileOs} /> : null}
        {alert ? <AlertBanner alert={alert} /> : null}
      </Suspense>
      {auth.user?.supervision ? <MonitoringBanner /> : null}
      <TopBar />
      <main id="main" className="flex-1">
        {shell.viewer === "learner" ? <InfoBanners /> : null}
        <FlashMessages />
        {children}
      </main>
      {isAdminRoute ? null : (
        <Suspense fallback={<div className="min-h-40 border-t border-slate-200 bg-white" />}>
          <Footer />
        </Suspense>
      )}
      <ErrorDialogHost />
      <ConsentRoot />
    </div>
  );
}
