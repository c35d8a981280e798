import { Link, usePage, usePoll } from "@inertiajs/react";
import { lazy, useEffect } from "react";

import ChartSection from "@/components/charts/ChartSection";
import PageHead from "@/components/PageHead";
import Pagination from "@/components/ui/Pagination";
import ProgressBar from "@/components/ui/ProgressBar";
import TableCard from "@/components/ui/TableCard";
import { areaTitleKey, productKindKey } from "@/components/vouchers/areaTitle";
import { useT } from "@/i18n";
import { formatDate, formatDateTime, formatNumber } from "@/lib/format";
import type { PageProps } from "@/types/generated";

// The chart (and Chart.js) loads with this page, never with the app's entry script.
const BatchDailyBars = lazy(() =>
  import("@/components/vouchers/charts").then((m) => ({ default: m.BatchDailyBars })),
);

// How often a batch whose codes are still being made asks the server how far it got.
const POLL_MS = 2000;

export default function Batch(page: PageProps<"Vouchers/Batch">) {
  const t = useT();
  const locale = usePage().props.locale;
  const { batch } = page;
  const left = batch.seats_total - batch.seats_used;
  const { start, stop } = usePoll(
    POLL_MS,
    { only: ["batch", "codes", "codes_pagination", "csv_url"] },
    // The next ask waits for the last answer: a late answer never shows older progress.
    { autoStart: false, mode: "rest" },
  );
  useEffect(() => {
    if (batch.ready) return;
    start();
    return stop;
  }, [batch.ready, start, stop]);
  return (
    <section className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <PageHead title={batch.name} />
      <Link href={page.back_url} className="font-semibold text-blue-800 underline">
        <span aria-hidden="true">←</span> {t(areaTitleKey(page.area))}
      </Link>
      <h1 className="mt-3 text-2xl font-bold break-words sm:text-3xl">{batch.name}</h1>
      <dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">{t(productKindKey(batch.product.kind))}</dt>
        <dd>{batch.product.title ?? "—"}</dd>
        <dt className="font-semibold">{t("batch.created")}</dt>
        <dd>{formatDate(batch.created_at, locale)}</dd>
        <dt className="font-semibold">{t("batches.valid_until")}</dt>
        <dd>{batch.valid_until ? formatDate(batch.valid_until, locale) : t("batch.no_expiry")}</dd>
        <dt className="font-semibold">{t("batch.codes")}</dt>
        <dd>{formatNumber(batch.size, locale)}</dd>
      </dl>
      <div className="mt-5 max-w-md">
        <ProgressBar done={batch.seats_used} total={batch.seats_total} label={t("batch.usage")} />
        <p className="mt-1 text-slate-800">
          {t("batch.usage_text", {
            used: formatNumber(batch.seats_used, locale),
            left: formatNumber(left, locale),
          })}
        </p>
      </div>
      {batch.ready ? null : (
        <div role="status" className="mt-5 max-w-md rounded-lg bg-blue-50 p-4 text-blue-950">
          <p className="mb-2 font-semibold">{t("batch.generating")}</p>
          <ProgressBar done={batch.codes_made} total={batch.size} label={t("batch.generating")} />
          <p className="mt-1">
            {t("batch.generating_text", {
              made: formatNumber(batch.codes_made, locale),
              size: formatNumber(batch.size, locale),
            })}
          </p>
        </div>
      )}
      {page.csv_url ? (
        <a
          href={page.csv_url}
          download
          className="mt-5 inline-flex min-h-11 items-center rounded-lg bg-blue-700 px-4 font-semibold text-white hover:bg-blue-800"
        >
          {t("batch.csv")}
        </a>
      ) : null}

      <ChartSection
        id="daily-heading"
        title={t("batch_charts.daily_heading")}
        placeholder="h-64"
        className="mt-10 max-w-3xl"
      >
        <BatchDailyBars daily={page.daily} />
      </ChartSection>

      <section aria-labelledby="redemptions-heading" className="mt-10">
        <h2 id="redemptions-heading" className="text-xl font-bold">
          {t("batch.redemptions", { count: page.redemptions_pagination.total })}
        </h2>
        {page.redemptions.length === 0 ? (
          <p className="mt-3 text-slate-700">{t("batch.no_redemptions")}</p>
        ) : (
          <TableCard
            caption={t("batch.redemptions_caption")}
            columns={[
              { label: t("batch.who") },
              { label: t("batch.code") },
              { label: t("batch.when") },
            ]}
            className="mt-3"
            dense
          >
            {page.redemptions.map((row) => (
              <tr key={`${row.code}-${row.email}`}>
                <td className="px-4 py-3">
                  <span className="font-semibold">{row.name}</span>
                  <br />
                  <span className="break-all text-slate-600">{row.email}</span>
                </td>
                <td className="px-4 py-3 font-mono whitespace-nowrap">{row.code}</td>
                <td className="px-4 py-3 whitespace-nowrap">
                  {formatDateTime(row.redeemed_at, locale)}
                </td>
              </tr>
            ))}
          </TableCard>
        )}
        <Pagination pagination={page.redemptions_pagination} label={t("batch.redemptions_pages")} />
      </section>

      <section aria-labelledby="codes-heading" className="mt-10">
        <h2 id="codes-heading" className="text-xl font-bold">
          {t("batch.code_list")}
        </h2>
        <ul className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {page.codes.map((row) => (
            <li
              key={row.code}
              className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white px-3 py-2"
            >
              <span className="font-mono">{row.code}</span>
              <span
                className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
                  row.seats_used >= row.seats
                    ? "bg-slate-200 text-slate-800"
                    : "bg-green-100 text-green-900"
                }`}
              >
                {row.seats_used >= row.seats ? t("batch.used") : t("batch.free")}
              </span>
            </li>
          ))}
        </ul>
        <Pagination pagination={page.codes_pagination} label={t("batch.codes_pages")} />
      </section>
    </section>
  );
}
