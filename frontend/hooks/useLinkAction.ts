import { useForm } from "@inertiajs/react";

import { useFormSubmit } from "./useFormSubmit";

/** The one button of an e-mailed link's page (confirm a deletion, restore an account),
 * posted like every form (useFormSubmit), and the message to show: the server's refusal
 * of the post, else the link's own (`error`). */
export function useLinkAction(submitUrl: string, error: string | null) {
  const { submit, disabled, failure } = useFormSubmit(useForm({}), submitUrl);
  return { submit, disabled, message: failure ?? error };
}
