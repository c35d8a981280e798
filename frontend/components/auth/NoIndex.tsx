import { Head } from "@inertiajs/react";

/** Keeps a page out of search engines; the server also sends X-Robots-Tag: noindex. */
export default function NoIndex({ title }: { title: string }) {
  return (
    <Head title={title}>
      <meta name="robots" content="noindex" />
    </Head>
  );
}
