import { usePage } from "@inertiajs/react";
import { useState, type FormEvent } from "react";

import { refusalMessage, type RefusalOptions } from "@/lib/validation";

/** What the hook needs of an Inertia `useForm` object (method syntax on purpose, so a
 * form of any fields stands in). */
export interface PostingForm {
  processing: boolean;
  post(
    url: string,
    options: {
      preserveScroll: boolean;
      preserveState: boolean;
      onSuccess: (page: { component: string }) => void;
      onError: (errors: Record<string, string>) => void;
      onHttpException: () => boolean | void;
      onNetworkError: () => boolean | void;
      onCancel: () => void;
      onFinish: () => void;
    },
  ): void;
}

export interface SubmitOptions extends RefusalOptions {
  /** The form's text fields (useFormFields): it posts only when they are valid, and a try
   * shows every field's message. */
  fields?: { isValid: boolean; markSubmitted: () => void };
  /** Anything else the form waits for (a code typed, a choice made, an address checked). */
  ready?: boolean;
  /** A server error or a lost connection is shown as the refusal (`fallback`) instead of
   * the app's own error dialog. */
  brokenAsRefusal?: boolean;
  /** The server accepted and the same page shows again (a note added, invitations sent):
   * ready the form for the next entry, e.g. empty it. */
  onStay?: () => void;
}

/** How every form of the platform posts (docs/behaviour.md#forms): the button is disabled
 * while the form is invalid or being sent; once the server accepts, it stays disabled
 * while the browser leaves for the next page; a refusal enables it again and gives its
 * message (`failure`, for the page's dialog or snackbar; each field's own message shows
 * beside its field). */
export function useFormSubmit(form: PostingForm, url: string, options: SubmitOptions = {}) {
  const component = usePage().component;
  const [leaving, setLeaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const valid = (options.fields?.isValid ?? true) && (options.ready ?? true);

  function broken() {
    if (!options.brokenAsRefusal) return undefined;
    setFailure(options.fallback ?? "");
    return false;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    options.fields?.markSubmitted();
    if (!valid || form.processing || leaving) return;
    setFailure(null);
    let answered = false;
    form.post(url, {
      preserveScroll: true,
      preserveState: true,
      onSuccess: (page) => {
        answered = true;
        if (page.component === component) options.onStay?.();
        else setLeaving(true);
      },
      onError: (errors) => {
        answered = true;
        setFailure(refusalMessage(errors, options));
      },
      onHttpException: () => {
        answered = true;
        return broken();
      },
      onNetworkError: () => {
        answered = true;
        return broken();
      },
      onCancel: () => {
        answered = true;
      },
      // A page that is no Inertia page (the admin panel) is loaded in full: no callback
      // but this one, and the browser is on its way there.
      onFinish: () => {
        if (!answered) setLeaving(true);
      },
    });
  }

  return {
    submit,
    disabled: !valid || form.processing || leaving,
    failure,
    clearFailure: () => setFailure(null),
  };
}
