import { useState } from "react";

import { formErrors } from "@/lib/validation";
import type { FieldRule } from "@/types/generated";

/** What the hook needs of an Inertia `useForm` object to change a field. Method syntax on
 * purpose: it lets a form whose keys are a narrower union stand in here. */
interface EditableForm {
  setData(name: string, value: string): void;
  clearErrors(...names: string[]): void;
}

/** Client-side messages of a form: shown for a field once it was left or the form was
 * submitted; the server's message for a field shows until the field changes. `field(name)`
 * gives a TextField its value, change, blur and error wiring. */
export function useFieldErrors<T extends Record<string, string>>(
  values: T,
  rules: Record<string, FieldRule>,
  serverErrors: Partial<Record<string, string>>,
  form: EditableForm,
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

  function touch(name: keyof T) {
    setTouched((current) => ({ ...current, [name]: true }));
  }

  function change(name: keyof T & string, value: string) {
    form.setData(name, value);
    form.clearErrors(name);
  }

  function field(name: keyof T & string) {
    return {
      value: values[name],
      onValueChange: (value: string) => change(name, value),
      onBlur: () => touch(name),
      error: errorFor(name),
    };
  }

  return {
    isValid,
    errorFor,
    touch,
    change,
    field,
    markSubmitted: () => setSubmitted(true),
  };
}

/** useFieldErrors for a form whose every field is text: values and server messages are
 * the form's own. */
export function useFormFields<T extends Record<string, string>>(
  form: EditableForm & { data: T; errors: Partial<Record<keyof T, string>> },
  rules: Record<string, FieldRule>,
) {
  return useFieldErrors(form.data, rules, form.errors as Partial<Record<string, string>>, form);
}
