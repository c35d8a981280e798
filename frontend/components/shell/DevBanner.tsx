import { useT } from "@/i18n";

/** Shown in every non-production run so nobody mistakes it for the live site (43 px,
 * docs/behaviour.md#dev-banner). */
export default function DevBanner() {
  const t = useT();
  return (
    <div
      role="note"
      className="flex h-[43px] items-center justify-center bg-amber-400 px-2 text-center text-xs font-bold tracking-wide text-slate-900 sm:text-sm"
    >
      {t("shell.dev_banner")}
    </div>
  );
}
