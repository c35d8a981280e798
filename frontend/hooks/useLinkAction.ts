import { useForm, usePage } from "@inertiajs/react";
import { useState, type FormEvent } from "react";

import { wholeFormError } from "@/lib/validation";

/** The one button of an e-mailed link's page (confirm a deletion, restore an account):
 * posts once, stays disabled after success until the server navigates away, and gives the
 * message to show: the server's refusal of the post, else the link's own (`error`). */
export function useLinkAction(submitUrl: string, error: string | null) {
  const { errors } = usePage().props;
  const form = useForm({});
  const [succeeded, setSucceeded] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (form.processing || succeeded) return;
    form.post(submitUrl, { preserveScroll: true, onSuccess: () => setSucceeded(true) });
  }

  return { form, succeeded, submit, message: wholeFormError(errors) ?? error };
}
