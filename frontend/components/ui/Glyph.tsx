/** A symbol that stands for words: sighted users see the symbol with the words as its
 * tooltip, screen readers read the words instead. */
export default function Glyph({
  symbol,
  label,
  className,
}: {
  symbol: string;
  label: string;
  className?: string;
}) {
  return (
    <span className={className} title={label}>
      <span aria-hidden="true">{symbol}</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}
