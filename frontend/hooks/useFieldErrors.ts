import { useState } from "react";

import { formErrors } from "@/lib/validation";
import type { FieldRule } from "@/types/generated";

/** Client-side messages of a form: shown for a field once it was left or the form was
 * submitted; the server's message for a field shows until the field changes. */
export function useFieldErrors<T extends Record<string, string>>(
  values: T,
  rules: Record<string, FieldRule>,
  serverErrors: Partial<Record<string, string>>,
) {
  const [touched, setTouched] = useState<Partial<Record<keyof T, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const clientErrors = formErrors(values, rules);
  const isValid = Object.keys(clientErrors).length === 0;

  function errorFor(name: keyof T & string): string | null {
    if (serverErrors[name]) return serverErrors[name]!;
    if (submitted || touched[name]) return clientErrors[name] ?? null;
    return null;
  }

  return {
    isValid,
    errorFor,
    touch: (name: keyof T) => setTouched((current) => ({ ...current, [name]: true })),
    markSubmitted: () => setSubmitted(true),
  };
}
