import { useForm } from "@inertiajs/react";

import Button from "@/components/ui/Button";
import Card from "@/components/ui/Card";
import MessageDialog from "@/components/ui/MessageDialog";
import { useFormSubmit } from "@/hooks/useFormSubmit";
import { useT } from "@/i18n";
import { routes } from "@/routes";

/** On the profile: the learner asks for a copy of their data (GDPR Art. 15 and 20); the
 * link to the file comes by e-mail. */
export default function DataExportCard() {
  const t = useT();
  const form = useForm({});
  const { submit, disabled, failure, clearFailure } = useFormSubmit(
    form,
    routes.accounts.dataExportRequest(),
  );

  return (
    <Card as="form" onSubmit={submit}>
      <h2 className="text-lg font-bold">{t("profile.export_heading")}</h2>
      <p className="mt-1 text-sm text-slate-700">{t("profile.export_text")}</p>
      <Button type="submit" variant="secondary" className="mt-3" disabled={disabled}>
        {t("profile.export_submit")}
      </Button>
      <MessageDialog message={failure} onClose={clearFailure} />
    </Card>
  );
}
