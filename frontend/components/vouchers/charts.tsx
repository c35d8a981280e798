import { usePage } from "@inertiajs/react";

import ChartCanvas, { REMAINDER_COLOUR } from "@/components/charts/ChartCanvas";
import { useT } from "@/i18n";
import { formatDay } from "@/lib/format";
import type { BatchSummary, BatchUsageChart, DateCount } from "@/types/generated";

/** Seats used by the end of each of the last 12 weeks, one line per batch. */
export function BatchUsageLines({ usage }: { usage: BatchUsageChart }) {
  const t = useT();
  const locale = usePage().props.locale;
  return (
    <ChartCanvas
      title={t("batch_charts.usage_title")}
      type="line"
      labels={usage.weeks.map((week) => formatDay(week, locale))}
      series={usage.batches.map((batch) => ({ label: batch.name, data: batch.used }))}
      labelHeading={t("batch_charts.week_of")}
      height={280}
    />
  );
}

/** Each batch's seats: used and still free, one stacked bar per batch. */
export function BatchRemainingBars({ batches }: { batches: BatchSummary[] }) {
  const t = useT();
  return (
    <ChartCanvas
      title={t("batch_charts.remaining_title")}
      type="bar"
      horizontal
      stacked
      labels={batches.map((batch) => batch.name)}
      series={[
        { label: t("batch_charts.used"), data: batches.map((batch) => batch.seats_used) },
        {
          label: t("batch_charts.free"),
          data: batches.map((batch) => batch.seats_total - batch.seats_used),
          colour: REMAINDER_COLOUR,
        },
      ]}
      labelHeading={t("batch_charts.batch")}
      height={Math.max(160, batches.length * 40 + 90)}
    />
  );
}

/** Codes of one batch redeemed on each of the last 30 days. */
export function BatchDailyBars({ daily }: { daily: DateCount[] }) {
  const t = useT();
  const locale = usePage().props.locale;
  return (
    <ChartCanvas
      title={t("batch_charts.daily_title")}
      type="bar"
      labels={daily.map((day) => formatDay(day.date, locale))}
      series={[{ label: t("batch_charts.redeemed"), data: daily.map((day) => day.count) }]}
      labelHeading={t("batch_charts.day")}
    />
  );
}
