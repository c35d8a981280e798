import type { ReactNode } from "react";

import Card from "@/components/ui/Card";

interface AuthCardProps {
  title: string;
  children: ReactNode;
}

/** The single narrow card of the account pages (reminder, new password, admin login,
 * deletion, restore), with the page's one h1. */
export default function AuthCard({ title, children }: AuthCardProps) {
  return (
    <div className="mx-auto max-w-md px-4 py-8 sm:py-14">
      <Card as="section" className="sm:p-8">
        <h1 className="text-xl font-bold sm:text-2xl">{title}</h1>
        <div className="mt-5">{children}</div>
      </Card>
    </div>
  );
}
