import type { ReactNode } from "react";

type Tone = "error" | "success";

const TONES: Record<Tone, string> = {
  error: "border-red-300 bg-red-50 text-red-950",
  success: "border-green-300 bg-green-50 text-green-950",
};

/** What an account page says in place of, or above, its form: why its link cannot be
 * used (announced at once) or that something was sent (announced politely). */
export default function Notice({ tone, children }: { tone: Tone; children: ReactNode }) {
  return (
    <p
      role={tone === "error" ? "alert" : "status"}
      className={`rounded-xl border p-4 ${TONES[tone]}`}
    >
      {children}
    </p>
  );
}
