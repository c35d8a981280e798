import { usePage } from "@inertiajs/react";

import PageHead from "@/components/PageHead";
import { useT } from "@/i18n";
import { formatDate } from "@/lib/format";
import type { PageProps } from "@/types/generated";

// Search results show about this many characters of a description.
const DESCRIPTION_LENGTH = 155;

function summaryOf(blocks: PageProps<"Shell/SitePage">["blocks"]): string | undefined {
  const text = blocks.find((block) => block.kind === "paragraph")?.text.trim();
  if (!text) return undefined;
  return text.length <= DESCRIPTION_LENGTH ? text : `${text.slice(0, DESCRIPTION_LENGTH - 1)}…`;
}

/** A page of the site admins edit (privacy policy, purchase terms), shown as text. */
export default function SitePage({ title, blocks, updated_at }: PageProps<"Shell/SitePage">) {
  const t = useT();
  const { locale } = usePage().props;
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <PageHead title={title} description={summaryOf(blocks) ?? t("meta.site_page", { title })} />
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-2 text-sm text-slate-600">
        {t("page.updated", { date: formatDate(updated_at, locale) })}
      </p>
      <div className="mt-8 space-y-4 text-base leading-relaxed text-slate-800">
        {blocks.map((block, index) =>
          block.kind === "heading" ? (
            <h2 key={index} className="pt-4 text-xl font-bold text-slate-900">
              {block.text}
            </h2>
          ) : (
            <p key={index}>{block.text}</p>
          ),
        )}
      </div>
    </article>
  );
}
