import { Link, usePage } from "@inertiajs/react";

import PageHead from "@/components/PageHead";
import { useT, type MessageKey } from "@/i18n";
import { routes } from "@/routes";
import type { PageProps } from "@/types/generated";

const TITLES: Record<number, MessageKey> = { 403: "error.title_403", 404: "error.title_404" };

export default function Error({ status, message }: PageProps<"Errors/Error">) {
  const t = useT();
  const { props } = usePage();
  const title = t(TITLES[status] ?? "error.title_other");
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center sm:py-24">
      <PageHead title={title} />
      <p className="text-5xl font-extrabold text-blue-700">{status}</p>
      <h1 className="mt-4 text-2xl font-bold sm:text-3xl">{title}</h1>
      <p className="mt-3 text-slate-700">{message}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link
          href={routes.learning.home()}
          className="inline-flex min-h-11 items-center rounded-lg bg-blue-700 px-4 font-semibold text-white hover:bg-blue-800"
        >
          {t("error.back")}
        </Link>
        {status === 403 && props.auth.user ? (
          <Link
            href={routes.accounts.logout()}
            method="post"
            as="button"
            className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-4 font-semibold hover:bg-slate-100"
          >
            {t("error.login")}
          </Link>
        ) : null}
      </div>
    </section>
  );
}
