import { Link } from "@inertiajs/react";

/** What a list shows when it has nothing yet, and where to go to change that. */
export default function EmptyState({
  title,
  text,
  action,
}: {
  title: string;
  text?: string;
  action?: { href: string; label: string };
}) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
      <p className="text-lg font-semibold text-slate-900">{title}</p>
      {text ? <p className="mx-auto mt-2 max-w-prose text-slate-700">{text}</p> : null}
      {action ? (
        <Link
          href={action.href}
          className="mt-5 inline-flex min-h-11 items-center rounded-lg bg-blue-700 px-4 font-semibold text-white hover:bg-blue-800"
        >
          {action.label}
        </Link>
      ) : null}
    </div>
  );
}
