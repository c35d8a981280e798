import { usePage } from "@inertiajs/react";
import { useState } from "react";

import { useT } from "@/i18n";

type Flash = { level: string; message: string };

const STYLES: Record<string, string> = {
  success: "border-green-300 bg-green-50 text-green-950",
  error: "border-red-300 bg-red-50 text-red-950",
  warning: "border-amber-300 bg-amber-50 text-amber-950",
  info: "border-blue-200 bg-blue-50 text-blue-950",
};

/** The server's messages (Django messages, sent as Inertia flash) for the page just shown. */
export default function FlashMessages() {
  const t = useT();
  const page = usePage();
  // Each visit brings its own messages (or none); dismissals belong to the visit's flash.
  const [dismissed, setDismissed] = useState<{ flash: object; indexes: number[] }>({
    flash: page.flash,
    indexes: [],
  });
  const gone = dismissed.flash === page.flash ? dismissed.indexes : [];
  const items: Array<Flash & { index: number }> = (page.flash.messages ?? [])
    .map((item, index) => ({ ...item, index }))
    .filter((item) => !gone.includes(item.index));

  if (items.length === 0) return null;
  return (
    <div className="mx-auto mt-4 flex max-w-6xl flex-col gap-2 px-4">
      {items.map((item) => (
        <div
          key={item.index}
          role={item.level === "error" ? "alert" : "status"}
          className={`flex items-start justify-between gap-4 rounded-xl border px-4 py-3 text-sm font-medium ${STYLES[item.level] ?? STYLES.info}`}
        >
          <p>{item.message}</p>
          <button
            type="button"
            onClick={() => setDismissed({ flash: page.flash, indexes: [...gone, item.index] })}
            className="-m-1 inline-flex size-8 shrink-0 items-center justify-center rounded-full hover:bg-black/5"
            aria-label={t("shell.dismiss")}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ))}
    </div>
  );
}
