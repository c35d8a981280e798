import type { ElementType, HTMLAttributes, ReactNode } from "react";

type Tone = "default" | "warning" | "danger";

const TONES: Record<Tone, string> = {
  default: "border border-slate-200 bg-white shadow-sm",
  warning: "border-2 border-amber-300 bg-amber-50 text-slate-900",
  danger: "border border-red-200 bg-white shadow-sm",
};

interface CardProps extends HTMLAttributes<HTMLElement> {
  /** The element the card is (a section, a form, a list item…); a div by default. */
  as?: ElementType;
  tone?: Tone;
  /** Without padding, for cards whose rows or table reach the edges. */
  flush?: boolean;
  children: ReactNode;
}

/** The white rounded panel the platform's pages are built of. */
export default function Card({
  as: Element = "div",
  tone = "default",
  flush = false,
  className = "",
  children,
  ...props
}: CardProps) {
  const padding = flush ? "" : "p-5";
  return (
    <Element className={`rounded-2xl ${TONES[tone]} ${padding} ${className}`.trim()} {...props}>
      {children}
    </Element>
  );
}
