import { useT } from "@/i18n";

/** The banner of accounts under supervision (docs/behaviour.md#monitoring-banner). */
export default function MonitoringBanner() {
  const t = useT();
  return (
    <div role="alert" className="bg-red-700 px-4 py-3 text-center text-white">
      <p className="font-extrabold tracking-wide">{t("banner.monitoring_title")}</p>
      <p className="mt-1 text-sm">{t("banner.monitoring_text")}</p>
    </div>
  );
}
