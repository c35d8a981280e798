import type { InputHTMLAttributes, ReactNode, Ref } from "react";

import Field from "./Field";

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "onChange"> {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | null;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input whose error and hint are tied to it for assistive technology. */
export default function TextField({
  id,
  label,
  value,
  onValueChange,
  error,
  hint,
  ref,
  className,
  ...input
}: TextFieldProps) {
  return (
    <Field id={id} label={label} error={error} hint={hint} className={className}>
      {(control) => (
        <input
          ref={ref}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          {...control}
          className={`${control.className} py-2.5`}
          {...input}
        />
      )}
    </Field>
  );
}
