import type { ReactNode, TextareaHTMLAttributes } from "react";

import Field from "./Field";

interface TextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "onChange"> {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | null;
  hint?: ReactNode;
}

/** A labelled multi-line input whose error and hint are tied to it. */
export default function TextArea({
  id,
  label,
  value,
  onValueChange,
  error,
  hint,
  className,
  ...textarea
}: TextAreaProps) {
  return (
    <Field id={id} label={label} error={error} hint={hint} className={className}>
      {(control) => (
        <textarea
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          {...control}
          className={`${control.className} py-2.5`}
          {...textarea}
        />
      )}
    </Field>
  );
}
