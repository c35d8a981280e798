import { Link, usePage } from "@inertiajs/react";

import { useT } from "@/i18n";

/** The info banner area of learners, filled by the server (docs/behaviour.md#info-banners). */
export default function InfoBanners() {
  const t = useT();
  const banners = usePage().props.info_banners;
  if (banners.length === 0) return null;
  return (
    <section aria-label={t("shell.info_banners")} className="mx-auto mt-4 max-w-6xl space-y-2 px-4">
      {banners.map((banner) => (
        <div
          key={banner.key}
          className={`flex flex-wrap items-center justify-between gap-3 rounded-xl border px-4 py-3 text-sm ${
            banner.level === "warning"
              ? "border-amber-300 bg-amber-50 text-amber-950"
              : "border-blue-200 bg-blue-50 text-blue-950"
          }`}
        >
          <p>{banner.message}</p>
          {banner.href && banner.link_label ? (
            <Link href={banner.href} className="font-semibold underline">
              {banner.link_label}
            </Link>
          ) : null}
        </div>
      ))}
    </section>
  );
}
