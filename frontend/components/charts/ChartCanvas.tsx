import { usePage } from "@inertiajs/react";
import type { ChartConfiguration } from "chart.js";
import { useEffect, useRef } from "react";

import { formatNumber, intlLocale } from "@/lib/format";

/** One row of numbers per label; `colour` overrides the palette (e.g. grey for "free"). */
export type ChartSeries = { label: string; data: number[]; colour?: string };

// Distinguishable on white, each at least 3:1 against it (WCAG non-text contrast).
const COLOURS = [
  "#1d4ed8",
  "#15803d",
  "#b45309",
  "#7e22ce",
  "#be123c",
  "#0e7490",
  "#4d7c0f",
  "#9f1239",
];

// What is left (free seats): a neutral grey beside the palette's colours.
export const REMAINDER_COLOUR = "#64748b";

export function seriesColour(index: number): string {
  return COLOURS[index % COLOURS.length]!;
}

type Props = {
  /** What the chart shows: the canvas's accessible name and the data table's caption. */
  title: string;
  type: "bar" | "line";
  /** The categories, already in the page's language (dates formatted, names). */
  labels: string[];
  series: ChartSeries[];
  /** The data table's first column heading (what the labels are: week, member, day). */
  labelHeading: string;
  stacked?: boolean;
  /** Bars along the x axis, one row per label (long names read better on a phone). */
  horizontal?: boolean;
  /** The value axis's upper end (e.g. 100 for percentages). */
  max?: number;
  /** Height in pixels; the width follows the container. */
  height?: number;
};

/** A chart drawn by Chart.js, loaded on first use, with its numbers also in a table for
 * screen readers. Drawing happens in an effect only: the server renders the canvas and the
 * table, the browser draws. */
export default function ChartCanvas({
  title,
  type,
  labels,
  series,
  labelHeading,
  stacked = false,
  horizontal = false,
  max,
  height = 256,
}: Props) {
  const locale = usePage().props.locale;
  const canvas = useRef<HTMLCanvasElement>(null);
  // The chart is redrawn when what it shows changes, not on every render.
  const shown = JSON.stringify({ type, labels, series, stacked, horizontal, max, locale });

  useEffect(() => {
    let cancelled = false;
    let chart: { destroy(): void } | undefined;
    const element = canvas.current;
    const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    void import("./chartjs").then(({ Chart }) => {
      if (cancelled || !element) return;
      const valueAxis = { beginAtZero: true, stacked, max, ticks: { precision: 0 } };
      const categoryAxis = { stacked };
      const config: ChartConfiguration<"bar" | "line"> = {
        type,
        data: {
          labels,
          datasets: series.map((item, index) => ({
            label: item.label,
            data: item.data,
            backgroundColor: item.colour ?? seriesColour(index),
            borderColor: item.colour ?? seriesColour(index),
            pointRadius: type === "line" ? 3 : undefined,
          })),
        },
        options: {
          locale: intlLocale(locale),
          indexAxis: horizontal ? "y" : "x",
          responsive: true,
          maintainAspectRatio: false,
          animation: reduceMotion ? false : { duration: 300 },
          plugins: {
            legend: { display: series.length > 1, position: "bottom" },
          },
          scales: horizontal
            ? { x: valueAxis, y: categoryAxis }
            : { x: categoryAxis, y: valueAxis },
        },
      };
      chart = new Chart(element, config);
      element.dataset.drawn = "true";
    });
    return () => {
      cancelled = true;
      chart?.destroy();
      if (element) delete element.dataset.drawn;
    };
    // `shown` stands for every input of the drawing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown]);

  return (
    <figure className="relative min-w-0">
      {/* Seen by sighted readers; screen readers get the canvas's name and the table. */}
      <figcaption aria-hidden="true" className="mb-2 text-sm font-semibold text-slate-800">
        {title}
      </figcaption>
      {/* The chart's height is reserved by an SVG's height attribute, not a style: the CSP
          drops style attributes from server-rendered HTML (hydration never restores them). */}
      <div className="relative w-full">
        <svg aria-hidden="true" width="100%" height={height} className="block" />
        <canvas ref={canvas} role="img" aria-label={title} className="absolute inset-0" />
      </div>
      {/* A table ignores the 1px width of sr-only: the wrapper clips it instead. */}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{labelHeading}</th>
              {series.map((item) => (
                <th scope="col" key={item.label}>
                  {item.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {labels.map((label, row) => (
              <tr key={`${label}-${row}`}>
                <th scope="row">{label}</th>
                {series.map((item) => (
                  <td key={item.label}>{formatNumber(item.data[row] ?? 0, locale)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
