import { Link, useForm, usePage } from "@inertiajs/react";
import { lazy, useEffect, useState } from "react";

import ChartSection from "@/components/charts/ChartSection";
import PageHead from "@/components/PageHead";
import Button from "@/components/ui/Button";
import Card from "@/components/ui/Card";
import MessageDialog from "@/components/ui/MessageDialog";
import EmptyState from "@/components/ui/EmptyState";
import Pagination from "@/components/ui/Pagination";
import Select from "@/components/ui/Select";
import TableCard from "@/components/ui/TableCard";
import TextField from "@/components/ui/TextField";
import { areaTitleKey, productKindKey } from "@/components/vouchers/areaTitle";
import { useFormFields } from "@/hooks/useFormFields";
import { useFormSubmit } from "@/hooks/useFormSubmit";
import { useT } from "@/i18n";
import { formatDate, formatNumber } from "@/lib/format";
import { newFormKey } from "@/lib/formKey";
import type { BatchesProps, PageProps } from "@/types/generated";

function GenerateForm({ page }: { page: BatchesProps }) {
  const t = useT();
  const locale = usePage().props.locale;
  // The key stays with this showing of the form: sent twice (a double click), it orders
  // one batch. The form shown again (Back) is mounted again, with a key of its own.
  const [firstKey] = useState(newFormKey);
  const form = useForm({
    product: "",
    size: "",
    name: "",
    valid_until: "",
    idempotency_key: firstKey,
  });
  const fields = useFormFields(form, page.rules);
  // A key refused (already used for another order) has no field of its own: a popup says
  // so, and the form takes a new key for the next try.
  const { submit, disabled, failure, clearFailure } = useFormSubmit(form, page.create_url, {
    fields,
    failureFields: ["idempotency_key"],
  });
  const keyRefused = Boolean(form.errors.idempotency_key);
  useEffect(() => {
    if (keyRefused) form.setData("idempotency_key", newFormKey());
    // Only a new refusal asks for a new key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [keyRefused]);
  const size = page.rules.size;
  const nothingToGrant =
    page.products.course.length + page.products.exam.length + page.products.path.length === 0;

  return (
    <Card>
      <form onSubmit={submit} noValidate className="space-y-4">
        <h2 className="text-lg font-bold">{t("batches.new")}</h2>
        {page.allowance ? (
          <p className="rounded-lg bg-blue-50 p-3 text-sm text-blue-950">
            {t("batches.allowance", {
              left: formatNumber(page.allowance.left, locale),
              total: formatNumber(page.allowance.total, locale),
            })}
          </p>
        ) : null}
        {nothingToGrant ? <p className="text-slate-700">{t("batches.no_products")}</p> : null}
        <Select
          id="batch-product"
          label={t("batches.product")}
          {...fields.field("product")}
          required
        >
          <option value="">{t("batches.choose_product")}</option>
          {(["course", "exam", "path"] as const).map((kind) =>
            page.products[kind].length > 0 ? (
              <optgroup key={kind} label={t(productKindKey(kind))}>
                {page.products[kind].map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.title}
                  </option>
                ))}
              </optgroup>
            ) : null,
          )}
        </Select>
        <TextField
          id="batch-size"
          label={t("batches.size")}
          type="number"
          inputMode="numeric"
          min={size?.min_value}
          max={size?.max_value}
          {...fields.field("size")}
          hint={
            size?.max_value !== undefined
              ? t("batches.size_hint", { max: formatNumber(size.max_value, locale) })
              : null
          }
          required
        />
        <TextField
          id="batch-name"
          label={t("batches.name")}
          maxLength={page.rules.name?.max_length}
          {...fields.field("name")}
          hint={t("batches.name_hint")}
        />
        <TextField
          id="batch-valid-until"
          label={t("batches.valid_until")}
          type="date"
          {...fields.field("valid_until")}
          hint={t("batches.valid_until_hint")}
        />
        <Button type="submit" disabled={disabled} className="w-full">
          {form.processing ? t("batches.generating") : t("batches.generate")}
        </Button>
        <MessageDialog message={failure} onClose={clearFailure} />
      </form>
    </Card>
  );
}

// The charts (and Chart.js) load with this page, never with the app's entry script.
const BatchUsageLines = lazy(() =>
  import("@/components/vouchers/charts").then((m) => ({ default: m.BatchUsageLines })),
);
const BatchRemainingBars = lazy(() =>
  import("@/components/vouchers/charts").then((m) => ({ default: m.BatchRemainingBars })),
);

export default function Batches(page: PageProps<"Vouchers/Batches">) {
  const t = useT();
  const locale = usePage().props.locale;
  const title = t(areaTitleKey(page.area));
  return (
    <section className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <PageHead title={title} />
      <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
      <p className="mt-2 max-w-prose text-slate-700">{t("batches.intro")}</p>
      <div className="mt-6 grid items-start gap-6 lg:grid-cols-[22rem_1fr]">
        <GenerateForm page={page} />
        <div className="min-w-0">
          {page.batches.length > 0 ? (
            <ChartSection
              id="usage-heading"
              title={t("batch_charts.heading")}
              placeholder="h-72"
              className="mb-8"
            >
              <div className="grid gap-6">
                <BatchUsageLines usage={page.usage} />
                <BatchRemainingBars batches={page.batches} />
              </div>
            </ChartSection>
          ) : null}
          <section aria-labelledby="batches-heading">
            <h2 id="batches-heading" className="mb-4 text-xl font-bold">
              {t("batches.list", { count: page.pagination.total })}
            </h2>
            {page.batches.length === 0 ? (
              <EmptyState title={t("batches.empty_title")} text={t("batches.empty_text")} />
            ) : (
              <ul className="space-y-3">
                {page.batches.map((batch) => (
                  <Card as="li" key={batch.id} flush className="p-4">
                    <div className="flex flex-wrap items-baseline justify-between gap-2">
                      <Link href={batch.url} className="text-lg font-bold text-blue-900 underline">
                        {batch.name}
                      </Link>
                      <span className="text-sm text-slate-600">
                        {formatDate(batch.created_at, locale)}
                      </span>
                    </div>
                    <p className="mt-1 text-slate-700">
                      {t(productKindKey(batch.product.kind))}
                      {batch.product.title ? `: ${batch.product.title}` : ""}
                    </p>
                    <p className="mt-1 text-sm text-slate-700">
                      {t("batches.seats", {
                        used: formatNumber(batch.seats_used, locale),
                        left: formatNumber(batch.seats_total - batch.seats_used, locale),
                        codes: formatNumber(batch.size, locale),
                      })}
                    </p>
                  </Card>
                ))}
              </ul>
            )}
            <Pagination pagination={page.pagination} />
          </section>
          {page.learner_limits.length > 0 ? <LearnerLimits days={page.learner_limits} /> : null}
        </div>
      </div>
    </section>
  );
}

/** The institution's learners held up by a limit (too many failed logins or code guesses
 * from their address), per day: how often, never from where. */
function LearnerLimits({ days }: { days: BatchesProps["learner_limits"] }) {
  const t = useT();
  const locale = usePage().props.locale;
  return (
    <section aria-labelledby="limits-heading" className="mt-8">
      <h2 id="limits-heading" className="text-xl font-bold">
        {t("batches.limits_heading")}
      </h2>
      <p className="mt-2 max-w-prose text-slate-700">{t("batches.limits_intro")}</p>
      <TableCard
        caption={t("batches.limits_caption")}
        columns={[
          { label: t("batches.limits_day") },
          { label: t("batches.limits_slowed"), numeric: true },
          { label: t("batches.limits_refused"), numeric: true },
        ]}
        className="mt-3"
      >
        {days.map((row) => (
          <tr key={row.day}>
            <td className="px-4 py-3 whitespace-nowrap">{formatDate(row.day, locale)}</td>
            <td className="px-4 py-3 text-right">{formatNumber(row.slowed, locale)}</td>
            <td className="px-4 py-3 text-right">{formatNumber(row.refused, locale)}</td>
          </tr>
        ))}
      </TableCard>
    </section>
  );
}
