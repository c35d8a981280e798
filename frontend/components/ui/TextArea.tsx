import type { TextareaHTMLAttributes } from "react";

import { splitValueField, ValueField, type ValueFieldProps } from "./Field";

type TextAreaProps = ValueFieldProps &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "onChange" | "value">;

/** A labelled multi-line input whose error and hint are tied to it. */
export default function TextArea(props: TextAreaProps) {
  const [field, textarea] = splitValueField(props);
  return (
    <ValueField field={field} padding="py-2.5">
      {(bound) => <textarea {...bound} {...textarea} />}
    </ValueField>
  );
}
