import type { ReactNode, SelectHTMLAttributes } from "react";

import Field from "./Field";

interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "onChange"> {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | null;
  children: ReactNode;
}

/** A labelled native select whose error is tied to it. */
export default function Select({
  id,
  label,
  value,
  onValueChange,
  error,
  children,
  className,
  ...select
}: SelectProps) {
  return (
    <Field id={id} label={label} error={error} className={className}>
      {(control) => (
        <select
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          {...control}
          className={`${control.className} min-h-11 py-2`}
          {...select}
        >
          {children}
        </select>
      )}
    </Field>
  );
}
