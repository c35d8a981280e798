import type { ChangeEvent, ReactNode } from "react";

interface FieldProps {
  id: string;
  label: string;
  error?: string | null;
  hint?: ReactNode;
  className?: string;
  // Renders the control itself with the attributes that tie it to its label, hint and error.
  children: (control: FieldControl) => ReactNode;
}

export interface FieldControl {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
  className: string;
}

/** What every control bound to a text value takes: its label, value, error and hint. */
export interface ValueFieldProps {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | null;
  hint?: ReactNode;
}

/** A value control's props parted in two: what its Field takes (label, value, error,
 * hint, the wrapper's class), and the attributes left for the control itself. */
export function splitValueField<P extends ValueFieldProps & { className?: string }>(
  props: P,
): [ValueFieldProps & { className?: string }, Omit<P, keyof ValueFieldProps | "className">] {
  const { id, label, value, onValueChange, error, hint, className, ...attributes } = props;
  return [{ id, label, value, onValueChange, error, hint, className }, attributes];
}

/** A Field whose control is bound to a text value: `children` renders the control with
 * the value, its changes and what ties it to its label, hint and error. `padding`
 * completes the control's look (Field's classes give its border and width). */
export function ValueField({
  field: { id, label, value, onValueChange, error, hint, className },
  padding,
  children,
}: {
  field: ValueFieldProps & { className?: string };
  padding: string;
  children: (
    bound: FieldControl & {
      value: string;
      onChange: (
        event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>,
      ) => void;
    },
  ) => ReactNode;
}) {
  return (
    <Field id={id} label={label} error={error} hint={hint} className={className}>
      {(control) =>
        children({
          value,
          onChange: (event) => onValueChange(event.target.value),
          ...control,
          className: `${control.className} ${padding}`,
        })
      }
    </Field>
  );
}

/** A form control with its label, hint and error, tied together for assistive technology. */
export default function Field({ id, label, error, hint, className = "", children }: FieldProps) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy || undefined,
        className: `block w-full rounded-lg border bg-white px-3 text-base text-slate-900 shadow-sm outline-none transition focus:ring-2 focus:ring-blue-600 ${
          error ? "border-red-600" : "border-slate-300 focus:border-blue-600"
        }`,
      })}
      {hint ? (
        <div id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
