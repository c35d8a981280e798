import PageHead from "@/components/PageHead";

/** Keeps a page out of search engines; the server also sends X-Robots-Tag: noindex. */
export default function NoIndex({ title }: { title: string }) {
  return <PageHead title={title} noindex />;
}
