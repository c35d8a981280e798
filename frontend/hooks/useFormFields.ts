import { useState } from "react";

import { formErrors } from "@/lib/validation";
import type { FieldRule } from "@/types/generated";

/** What the hook needs of an Inertia `useForm` object. Method syntax on purpose: it lets a
 * form whose keys are a narrower union stand in here. */
interface FieldsForm<T> {
  data: T;
  errors: Partial<Record<string, string>>;
  setData(name: string, value: string): void;
  clearErrors(...names: string[]): void;
}

/** The names of a form's text fields. */
type TextField<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T] & string;

/** A form's text fields checked by the server's rules (`rules` props, app/core/props.py):
 * a field's message shows once it was left or the form was submitted; the server's message
 * for a field (`serverErrors`, the form's own errors unless the page says otherwise) shows
 * until the field changes. `field(name)` gives a TextField its value, change, blur and
 * error wiring. */
export function useFormFields<T extends object>(
  form: FieldsForm<T>,
  rules: Record<string, FieldRule>,
  serverErrors: Partial<Record<string, string>> = form.errors,
) {
  const [touched, setTouched] = useState<Partial<Record<string, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const values = Object.fromEntries(
    Object.entries(form.data).filter(
      (entry): entry is [string, string] => typeof entry[1] === "string",
    ),
  );
  const clientErrors: Partial<Record<string, string>> = formErrors(values, rules);
  const isValid = Object.keys(clientErrors).length === 0;

  function errorFor(name: TextField<T>): string | null {
    if (serverErrors[name]) return serverErrors[name]!;
    if (submitted || touched[name]) return clientErrors[name] ?? null;
    return null;
  }

  function touch(name: TextField<T>) {
    setTouched((current) => ({ ...current, [name]: true }));
  }

  function change(name: TextField<T>, value: string) {
    form.setData(name, value);
    form.clearErrors(name);
  }

  function field(name: TextField<T>) {
    return {
      value: values[name] ?? "",
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
    // Accepted and shown again (emptied for the next entry): no message until the next try.
    markFresh: () => {
      setSubmitted(false);
      setTouched({});
    },
  };
}
