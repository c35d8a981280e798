import { useState, type FormEvent } from "react";

import { wholeFormError } from "@/lib/validation";

/** What the hook needs of an Inertia `useForm` object (method syntax on purpose, so a
 * form of any fields stands in). */
interface PostingForm {
  processing: boolean;
  post(
    url: string,
    options: {
      preserveScroll: boolean;
      preserveState: boolean;
      onSuccess: () => void;
      onError: (errors: Record<string, string>) => void;
    },
  ): void;
}

/** Submits a form the page validates first: every field's message shows, the form posts
 * once, success keeps the button disabled until the next page shows, and the server's
 * refusal of the whole form goes to `onFailure` (the button is enabled again,
 * docs/behaviour.md#forms). */
export function useFormSubmit(
  form: PostingForm,
  fields: { isValid: boolean; markSubmitted: () => void },
  url: string,
  onFailure: (message: string) => void,
  ready = true,
) {
  const [succeeded, setSucceeded] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    fields.markSubmitted();
    if (!fields.isValid || !ready || form.processing) return;
    form.post(url, {
      preserveScroll: true,
      preserveState: true,
      onSuccess: () => setSucceeded(true),
      onError: (errors) => {
        const message = wholeFormError(errors);
        if (message) onFailure(message);
      },
    });
  }

  return { submit, succeeded };
}
