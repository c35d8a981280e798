import { Link } from "@inertiajs/react";
import type { ComponentProps } from "react";

/** A link in the text of the account pages: bold, blue and underlined. */
export default function TextLink({ className = "", ...props }: ComponentProps<typeof Link>) {
  return (
    <Link className={`font-semibold text-blue-800 underline ${className}`.trim()} {...props} />
  );
}
