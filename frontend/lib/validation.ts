import type { FieldRule } from "@/types/generated";

const WHOLE_NUMBER = /^[+-]?\d+$/;

/** The first message a value breaks, by the server's rule for the field (the server form's
 * own checks and messages, app/core/props.py `field_rule`); null when valid. */
export function fieldError(value: string, rule: FieldRule | undefined): string | null {
  if (!rule) return null;
  const trimmed = value.trim();
  if (trimmed === "") return rule.required ?? null;
  if (rule.max_length !== undefined && value.length > rule.max_length) {
    return rule.max_length_message ?? null;
  }
  if (rule.min_length !== undefined && value.length < rule.min_length) {
    return rule.min_length_message ?? null;
  }
  if (rule.pattern && !new RegExp(rule.pattern).test(trimmed)) {
    return rule.pattern_message ?? null;
  }
  if (rule.integer_message !== undefined) {
    if (!WHOLE_NUMBER.test(trimmed)) return rule.integer_message;
    const number = Number(trimmed);
    if (rule.min_value !== undefined && number < rule.min_value) {
      return rule.min_value_message ?? null;
    }
    if (rule.max_value !== undefined && number > rule.max_value) {
      return rule.max_value_message ?? null;
    }
  }
  return null;
}

/** Messages of every field of `values` that breaks its rule. */
export function formErrors<T extends Record<string, string>>(
  values: T,
  rules: Record<string, FieldRule>,
): Partial<Record<keyof T, string>> {
  const errors: Partial<Record<keyof T, string>> = {};
  for (const name of Object.keys(values) as Array<keyof T>) {
    const message = fieldError(values[name]!, rules[name as string]);
    if (message) errors[name] = message;
  }
  return errors;
}

export function isStudentEmail(email: string, pattern: string): boolean {
  return new RegExp(pattern).test(email.trim().toLowerCase());
}

/** The message of the whole form in an Inertia `errors` object (the server puts it under
 * "form", ARCHITECTURE.md "Errors"), if there is one. */
export function wholeFormError(errors: object): string | undefined {
  const message = (errors as Record<string, unknown>).form;
  return typeof message === "string" ? message : undefined;
}

/** How a page reports the server's refusal of a whole form (hooks/useFormSubmit.ts). */
export interface RefusalOptions {
  // Fields whose message also stands for the whole form (a field the page does not show).
  failureFields?: readonly string[];
  // Shown when the refusal carries no message of the whole form or of those fields; without
  // it such a refusal only marks its fields.
  fallback?: string;
}

/** The message to show for a refused form: the whole form's, else the first of the
 * chosen fields', else the fallback; null when the fields' own messages say it all. */
export function refusalMessage(errors: object, options: RefusalOptions = {}): string | null {
  const all = errors as Record<string, unknown>;
  for (const name of ["form", ...(options.failureFields ?? [])]) {
    const message = all[name];
    if (typeof message === "string") return message;
  }
  return options.fallback ?? null;
}
