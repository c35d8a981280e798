import { useState, type ButtonHTMLAttributes, type MouseEvent, type Ref } from "react";

type Variant = "primary" | "secondary" | "danger" | "ghost";

// Styled by aria-disabled, which a disabled button always carries (see below).
const VARIANTS: Record<Variant, string> = {
  primary: "bg-blue-700 text-white hover:bg-blue-800 aria-disabled:bg-slate-400",
  secondary:
    "border border-slate-300 bg-white text-slate-900 hover:bg-slate-100 aria-disabled:text-slate-400",
  danger: "bg-red-700 text-white hover:bg-red-800 aria-disabled:bg-slate-400",
  ghost: "text-blue-800 hover:bg-blue-50 aria-disabled:text-slate-400",
};

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  ref?: Ref<HTMLButtonElement>;
}

/** A button; `disabled` as usual, except that a button disabled while it has the focus
 * (pressed, and now sending) keeps it: a natively disabled button drops the focus to the
 * page, and a keyboard or screen-reader user would lose their place. It is then disabled
 * by aria-disabled alone (announced as such, its presses ignored) until it loses the focus. */
export default function Button({
  variant = "primary",
  className = "",
  type = "button",
  disabled = false,
  onClick,
  onFocus,
  onBlur,
  ...props
}: ButtonProps) {
  const [focused, setFocused] = useState(false);
  function click(event: MouseEvent<HTMLButtonElement>) {
    // A button that had the focus before the page came to life never heard of it.
    if (document.activeElement === event.currentTarget) setFocused(true);
    if (disabled) {
      // Not even a form's submission: the button is disabled.
      event.preventDefault();
      return;
    }
    onClick?.(event);
  }
  return (
    <button
      type={type}
      disabled={disabled && !focused}
      aria-disabled={disabled || undefined}
      onClick={click}
      onFocus={(event) => {
        setFocused(true);
        onFocus?.(event);
      }}
      onBlur={(event) => {
        // The window losing the focus (another window, the system's passkey prompt) blurs
        // the button too, but it stays the page's focused element: it keeps the focus.
        if (document.activeElement !== event.currentTarget) setFocused(false);
        onBlur?.(event);
      }}
      className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 py-2 text-base font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 aria-disabled:cursor-not-allowed ${VARIANTS[variant]} ${className}`}
      {...props}
    />
  );
}
