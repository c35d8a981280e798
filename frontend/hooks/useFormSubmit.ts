import { useForm, usePage } from "@inertiajs/react";
import { useState, useSyncExternalStore, type FormEvent } from "react";
import { flushSync } from "react-dom";

import { focusKeeper } from "@/lib/focus";
import { refusalMessage, type RefusalOptions } from "@/lib/validation";

type Data = Record<string, unknown>;

/** What the hook needs of an Inertia `useForm` object (method syntax on purpose, so a
 * form of any fields stands in). */
export interface PostingForm {
  processing: boolean;
  // What is posted: the form's data with the post's own values (the hook sets it on
  // every post, so a page gives none of its own).
  transform(callback: (data: object) => object): void;
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

/** What a form posts besides its fields, made only when it is sent (a passkey's answer to
 * the server's challenge), or why nothing is posted (`refusal`, given as `failure`). */
export type Prepared = { data: Data } | { refusal: string };

export interface SubmitOptions extends RefusalOptions {
  /** The form's text fields (useFormFields): it posts only when they are valid, and a try
   * shows every field's message. */
  fields?: { isValid: boolean; markSubmitted: () => void; markFresh: () => void };
  /** Anything else the form waits for (a code typed, a choice made, an address checked). */
  ready?: boolean;
  /** Made just before each post, the button disabled while it is awaited. */
  prepare?: () => Promise<Prepared>;
  /** A server error or a lost connection is shown as the refusal (`fallback`) instead of
   * the app's own error dialog. */
  brokenAsRefusal?: boolean;
  /** The server accepted and the same page shows again (a note added, invitations sent):
   * ready the form for the next entry, e.g. empty it. */
  onStay?: () => void;
}

/** One post of a button that has no form of its own (a toggle, an acceptance): its address
 * unless the hook's, and its values beside the form's data. */
export interface PostTarget {
  url?: string;
  data?: Data;
}

// The posts out from every form of the page. Inertia runs one visit at a time: a post
// started while another is out cancels that one's visit, whose write the server still
// makes but whose answer is dropped (its form not emptied, nor told, and the page shown
// may have been read before that write). So while any form's post is out, every form
// waits.
let postsOut = 0;
const postsOutListeners = new Set<() => void>();

function postsOutMoved(by: number) {
  postsOut += by;
  for (const listener of postsOutListeners) listener();
}

/** One post out, until the returned release is called (again: no effect). */
function holdPostOut(): () => void {
  postsOutMoved(1);
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    postsOutMoved(-1);
  };
}

function onPostsOutMoved(listener: () => void) {
  postsOutListeners.add(listener);
  return () => {
    postsOutListeners.delete(listener);
  };
}

function usePostOut(): boolean {
  return useSyncExternalStore(
    onPostsOutMoved,
    () => postsOut > 0,
    () => false,
  );
}

/** How every form of the platform posts (docs/behaviour.md#forms): the button is disabled
 * while the form is invalid or being sent (or another form of the page is); once the
 * server accepts, it stays disabled while the browser leaves for the next page; a refusal
 * enables it again and gives its message (`failure`, for the page's dialog or snackbar;
 * each field's own message shows beside its field). A form posts with `submit`; a button
 * with no form calls `post`, e.g. `post({ url: lesson.toggle_url, data: { done: true } })`. */
export function useFormSubmit(form: PostingForm, url: string, options: SubmitOptions = {}) {
  const component = usePage().component;
  const [leaving, setLeaving] = useState(false);
  const [preparing, setPreparing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const postOut = usePostOut();
  const valid = (options.fields?.isValid ?? true) && (options.ready ?? true);
  const busy = form.processing || preparing || leaving || postOut;

  function broken() {
    if (!options.brokenAsRefusal) return undefined;
    setFailure(options.fallback ?? "");
    return false;
  }

  function send(target: PostTarget, prepared: Data) {
    const values = { ...target.data, ...prepared };
    form.transform((data: object) => ({ ...data, ...values }));
    let answered = false;
    // The pressed button's row may be gone from the page the server answers with.
    const keepFocus = focusKeeper(document.activeElement);
    const release = holdPostOut();
    const visit: Parameters<PostingForm["post"]>[1] = {
      preserveScroll: true,
      preserveState: true,
      onSuccess: (page) => {
        answered = true;
        if (page.component === component) {
          // The page's own changes first (a form emptied, an edit closed): the focus is
          // kept from what they leave. The fields start afresh: an emptied required field
          // has no message before the next try.
          flushSync(() => {
            options.fields?.markFresh();
            options.onStay?.();
          });
          requestAnimationFrame(keepFocus);
        } else setLeaving(true);
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
        release();
        if (!answered) setLeaving(true);
      },
    };
    try {
      form.post(target.url ?? url, visit);
    } catch (error) {
      release();
      throw error;
    }
  }

  async function prepareThenSend(target: PostTarget, prepare: () => Promise<Prepared>) {
    setPreparing(true);
    // The other forms wait from here: the post follows the preparing at once.
    const release = holdPostOut();
    let prepared: Prepared;
    try {
      prepared = await prepare();
    } finally {
      setPreparing(false);
      release();
    }
    if ("refusal" in prepared) setFailure(prepared.refusal);
    else send(target, prepared.data);
  }

  function post(target: PostTarget = {}) {
    options.fields?.markSubmitted();
    if (!valid || busy) return;
    setFailure(null);
    if (options.prepare) void prepareThenSend(target, options.prepare);
    else send(target, {});
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    post();
  }

  return {
    submit,
    post,
    disabled: !valid || busy,
    failure,
    clearFailure: () => setFailure(null),
  };
}

/** Buttons that post nothing but their press, each to its own address (remove a favourite,
 * resend an invitation, end a session), posted as every form is (`useFormSubmit`): one at a
 * time, the buttons that share the hook disabled while one is sent, and the server's refusal
 * given as `failure` (for the page's dialog). */
export function useButtonPost() {
  const { post, disabled, failure, clearFailure } = useFormSubmit(useForm({}), "");
  return { post: (url: string) => post({ url }), disabled, failure, clearFailure };
}
