import { useForm, usePage } from "@inertiajs/react";
import { useState, type FormEvent } from "react";

import PageHead from "@/components/PageHead";
import Button from "@/components/ui/Button";
import Card from "@/components/ui/Card";
import MessageDialog from "@/components/ui/MessageDialog";
import TextField from "@/components/ui/TextField";
import { useT } from "@/i18n";
import { wholeFormError } from "@/lib/validation";
import type { PageProps } from "@/types/generated";

/** The voucher page (docs/behaviour.md#vouchers): one code, redeemed as the logged-in learner. */
export default function Redeem({ code, action, max_length }: PageProps<"Vouchers/Redeem">) {
  const t = useT();
  const user = usePage().props.auth.user;
  const form = useForm({ code });
  const [failure, setFailure] = useState<string | null>(null);
  const [succeeded, setSucceeded] = useState(false);
  const empty = form.data.code.trim() === "";
  const name = `${user?.first_name ?? ""} ${user?.last_name ?? ""}`.trim();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (empty || form.processing) return;
    form.post(action, {
      preserveScroll: true,
      preserveState: true,
      onSuccess: () => setSucceeded(true),
      onError: (errors) => {
        setFailure(wholeFormError(errors) ?? t("voucher.failed"));
      },
    });
  }

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
          <Button type="submit" className="w-full" disabled={empty || form.processing || succeeded}>
            {t("voucher.submit", { name })}
          </Button>
        </form>
      </Card>
      <MessageDialog
        message={failure}
        title={t("voucher.failed")}
        onClose={() => setFailure(null)}
      />
    </section>
  );
}
