import type { InputHTMLAttributes, Ref } from "react";

import { splitValueField, ValueField, type ValueFieldProps } from "./Field";

type TextFieldProps = ValueFieldProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, "onChange" | "value"> & {
    ref?: Ref<HTMLInputElement>;
  };

/** A labelled input whose error and hint are tied to it for assistive technology. */
export default function TextField({ ref, ...props }: TextFieldProps) {
  const [field, input] = splitValueField(props);
  return (
    <ValueField field={field} padding="py-2.5">
      {(bound) => <input ref={ref} {...bound} {...input} />}
    </ValueField>
  );
}
