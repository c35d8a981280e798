import { useForm } from "@inertiajs/react";
import { useRef } from "react";

import { useT } from "@/i18n";
import { passkeysSupported, signWithPasskey } from "@/lib/webauthn";

import { useFormSubmit, type Prepared } from "./useFormSubmit";

type RequestOptions = Record<string, unknown>;

/** Signs the server's challenge with a passkey of this device and posts the answer to
 * `submitUrl` (allauth checks it), like every form (useFormSubmit), for the login's second
 * step and the passkey login alike. `error` says why nothing was posted (a browser without
 * passkeys, or a prompt the person closed: `failedMessage`) or why the server refused. */
export function usePasskeySignIn(submitUrl: string, failedMessage: string) {
  const t = useT();
  // The challenge of the last sign-in asked for, read when its answer is made.
  const challenge = useRef<RequestOptions>({});

  async function credential(): Promise<Prepared> {
    if (!passkeysSupported()) return { refusal: t("mfa.passkey_unsupported") };
    try {
      return { data: { credential: await signWithPasskey(challenge.current) } };
    } catch {
      return { refusal: failedMessage };
    }
  }

  const { post, disabled, failure } = useFormSubmit(useForm({}), submitUrl, {
    prepare: credential,
  });

  function signIn(options: RequestOptions) {
    challenge.current = options;
    post();
  }

  return { signIn, error: failure, signing: disabled };
}
