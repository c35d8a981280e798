import type { FieldRule } from "@/types/generated";

/** The first message a value breaks, by the server's rule for the field; null when valid. */
export function fieldError(value: string, rule: FieldRule | undefined): string | null {
  if (!rule) return null;
  const trimmed = value.trim();
  if (rule.required && trimmed === "") return rule.required;
  if (trimmed === "") return null;
  if (rule.max_length !== undefined && value.length > rule.max_length) {
    return rule.pattern_message ?? rule.min_length_message ?? rule.required ?? null;
  }
  if (rule.min_length !== undefined && value.length < rule.min_length) {
    return rule.min_length_message ?? null;
  }
  if (rule.pattern && !new RegExp(rule.pattern).test(trimmed)) {
    return rule.pattern_message ?? null;
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
