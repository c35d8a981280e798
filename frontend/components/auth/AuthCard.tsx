import type { ReactNode } from "react";

interface AuthCardProps {
  title: string;
  children: ReactNode;
}

/** The single narrow card of the account pages (reminder, new password, admin login,
 * deletion, restore), with the page's one h1. */
export default function AuthCard({ title, children }: AuthCardProps) {
  return (
    <div className="mx-auto max-w-md px-4 py-8 sm:py-14">
      <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <h1 className="text-xl font-bold sm:text-2xl">{title}</h1>
        <div className="mt-5">{children}</div>
      </section>
    </div>
  );
}
