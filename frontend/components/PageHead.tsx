import { Head, usePage } from "@inertiajs/react";

import { useT } from "@/i18n";

/** A page's <head>: its title, a description for search results and link previews, the
 * Open Graph title on public pages, and `robots: noindex` on every page of a logged-in
 * account and on pages that ask for it (the server also sends X-Robots-Tag then).
 * Rendered on the server too, so the first HTML already carries them. */
export default function PageHead({
  title,
  description,
  noindex = false,
}: {
  title: string;
  description?: string;
  noindex?: boolean;
}) {
  const t = useT();
  const loggedIn = usePage().props.auth.user !== null;
  const text = description ?? t("meta.description");
  const hidden = noindex || loggedIn;
  return (
    <Head title={title}>
      <meta head-key="description" name="description" content={text} />
      {hidden ? <meta head-key="robots" name="robots" content="noindex" /> : null}
      {hidden ? null : <meta head-key="og:title" property="og:title" content={title} />}
      {hidden ? null : <meta head-key="og:description" property="og:description" content={text} />}
    </Head>
  );
}
