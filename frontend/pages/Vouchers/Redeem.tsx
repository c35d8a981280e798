import { useForm, usePage } from "@inertiajs/react";

import PageHead from "@/components/PageHead";
import Button from "@/components/ui/Button";
import Card from "@/components/ui/Card";
import MessageDialog from "@/components/ui/MessageDialog";
import TextField from "@/components/ui/TextField";
import { useFormSubmit } from "@/hooks/useFormSubmit";
import { useT } from "@/i18n";
import type { PageProps } from "@/types/generated";

/** The voucher page (docs/behaviour.md#vouchers): one code, redeemed as the logged-in learner. */
export default function Redeem({ code, action, max_length }: PageProps<"Vouchers/Redeem">) {
  const t = useT();
  const user = usePage().props.auth.user;
  const form = useForm({ code });
  // The button is disabled while the code is empty; any refusal is a popup
  // (docs/behaviour.md#vouchers).
  const { submit, disabled, failure, clearFailure } = useFormSubmit(form, action, {
    ready: form.data.code.trim() !== "",
    fallback: t("voucher.failed"),
  });
  const name = `${user?.first_name ?? ""} ${user?.last_name ?? ""}`.trim();

  return (
    <section className="mx-auto max-w-xl px-4 py-10 sm:py-16">
      <PageHead title={t("voucher.title")} />
      <h1 className="text-2xl font-bold sm:text-3xl">{t("voucher.heading")}</h1>
      <p className="mt-2 text-slate-700">{t("voucher.intro")}</p>
      <Card className="mt-8 sm:p-6">
        <form onSubmit={submit} noValidate className="space-y-5">
          <TextField
            id="voucher-code"
            label={t("voucher.code")}
            value={form.data.code}
            onValueChange={(value) => form.setData("code", value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={max_length * 2}
            className="[&_input]:font-mono [&_input]:uppercase"
            required
          />
          <Button type="submit" className="w-full" disabled={disabled}>
            {t("voucher.submit", { name })}
          </Button>
        </form>
      </Card>
      <MessageDialog message={failure} title={t("voucher.failed")} onClose={clearFailure} />
    </section>
  );
}
