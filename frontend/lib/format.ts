/** Dates, numbers and money the way the page's language writes them (locale pl, PLN). */

const LOCALES: Record<string, string> = { pl: "pl-PL", en: "en-GB" };
// Platforma's dates are Polish calendar dates, wherever the visitor's device is.
const TIME_ZONE = "Europe/Warsaw";

/** The Intl locale of a page language ("pl" → "pl-PL"). */
export function intlLocale(locale: string): string {
  return LOCALES[locale] ?? "pl-PL";
}

/** "22 listopada 2026" from an ISO date or date-time; the input itself when unreadable. */
export function formatDate(iso: string, locale: string): string {
  // A bare date is a calendar day: read it at noon UTC so no time zone moves it a day.
  const value = new Date(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T12:00:00Z` : iso);
  if (Number.isNaN(value.getTime())) return iso;
  return new Intl.DateTimeFormat(intlLocale(locale), {
    dateStyle: "long",
    timeZone: TIME_ZONE,
  }).format(value);
}

/** "22 lis" style: a day and the month's short name, for chart axes and their tables. */
export function formatDay(iso: string, locale: string): string {
  const value = new Date(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T12:00:00Z` : iso);
  if (Number.isNaN(value.getTime())) return iso;
  return new Intl.DateTimeFormat(intlLocale(locale), {
    day: "numeric",
    month: "short",
    timeZone: TIME_ZONE,
  }).format(value);
}

/** "22 lis 2026, 14:05" style: a date with the time of day. */
export function formatDateTime(iso: string, locale: string): string {
  const value = new Date(iso);
  if (Number.isNaN(value.getTime())) return iso;
  return new Intl.DateTimeFormat(intlLocale(locale), {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: TIME_ZONE,
  }).format(value);
}

/** Whole percent of `done` out of `total`, 0 for an empty total, never above 100. */
export function percent(done: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.round((done / total) * 100));
}

export function formatNumber(value: number, locale: string): string {
  return new Intl.NumberFormat(intlLocale(locale)).format(value);
}

export function formatMoney(amount: number, locale: string): string {
  return new Intl.NumberFormat(intlLocale(locale), { style: "currency", currency: "PLN" }).format(
    amount,
  );
}
