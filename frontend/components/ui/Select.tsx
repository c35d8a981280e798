import type { ReactNode, SelectHTMLAttributes } from "react";

import { splitValueField, ValueField, type ValueFieldProps } from "./Field";

type SelectProps = Omit<ValueFieldProps, "hint"> &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, "onChange" | "value"> & {
    children: ReactNode;
  };

/** A labelled native select whose error is tied to it. */
export default function Select({ children, ...props }: SelectProps) {
  const [field, select] = splitValueField(props);
  return (
    <ValueField field={field} padding="min-h-11 py-2">
      {(bound) => (
        <select {...bound} {...select}>
          {children}
        </select>
      )}
    </ValueField>
  );
}
