import { useEffect, useState } from "react";

import { getJson } from "@/lib/http";
import { routes } from "@/routes";

interface Block {
  kind: "heading" | "paragraph";
  text: string;
}

/** The policy's plain text: "## " starts a heading, other lines are paragraphs. */
export function policyBlocks(body: string): Block[] {
  const blocks: Block[] = [];
  for (const raw of body.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    if (line.startsWith("## ")) blocks.push({ kind: "heading", text: line.slice(3).trim() });
    else blocks.push({ kind: "paragraph", text: line });
  }
  return blocks;
}

/** The privacy policy inside the consent modal, at most 300 px high; nothing when the
 * server cannot give it (docs/behaviour.md#privacy-policy). */
export default function PrivacyPanel({ title }: { title: string }) {
  const [body, setBody] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    getJson<{ body?: unknown }>(routes.consent.privacyPolicy(), { handle: "all" }).then(
      ({ status, data }) => {
        if (current && status === 200 && typeof data?.body === "string") setBody(data.body);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);

  if (!body) return null;
  return (
    <section
      aria-label={title}
      tabIndex={0}
      data-testid="privacy-panel"
      className="mt-4 max-h-[300px] overflow-y-auto rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-800 focus-visible:outline-2 focus-visible:outline-blue-700"
    >
      <h3 className="font-semibold text-slate-900">{title}</h3>
      {policyBlocks(body).map((block, index) =>
        block.kind === "heading" ? (
          <h4 key={index} className="mt-3 font-semibold text-slate-900">
            {block.text}
          </h4>
        ) : (
          <p key={index} className="mt-2">
            {block.text}
          </p>
        ),
      )}
    </section>
  );
}
