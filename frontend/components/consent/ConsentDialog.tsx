import { useEffect, useId, useRef, useState, type KeyboardEvent, type SyntheticEvent } from "react";

import Button from "@/components/ui/Button";
import { useT } from "@/i18n";
import { postJson } from "@/lib/http";
import { routes } from "@/routes";
import type { ConsentChoiceProps, ConsentPurposeProps } from "@/types/generated";

import { logConsentEvent } from "./events";
import PrivacyPanel from "./PrivacyPanel";
import Switch from "./Switch";

/** The modal closes this long after a choice is confirmed (docs/behaviour.md#consent-notice). */
export const CLOSE_DELAY_MS = 800;
/** The notice stands this far from the edge of the window. */
export const NOTICE_OFFSET_PX = 20;

interface ConsentDialogProps {
  initialMode: "notice" | "settings";
  purposes: ConsentPurposeProps[];
  choice: ConsentChoiceProps | null;
  onSaved: (choice: ConsentChoiceProps) => void;
  onClosed: () => void;
}

const FOCUSABLE = 'button, [href], input, [tabindex]:not([tabindex="-1"])';

type Status = "idle" | "saving" | "saved" | "failed";

function optionalServices(purposes: ConsentPurposeProps[]): string[] {
  return purposes.filter((p) => !p.required).flatMap((p) => p.services.map((s) => s.name));
}

/**
 * The consent notice and modal (docs/behaviour.md#consent-notice): mandatory, so neither Escape
 * nor a click outside closes it; only a confirmed choice does, 800 ms later. There is
 * accept-all and there are per-purpose and per-service switches, but no decline-all.
 * A native modal <dialog>: the page behind is inert, so focus stays inside.
 */
export default function ConsentDialog({
  initialMode,
  purposes,
  choice,
  onSaved,
  onClosed,
}: ConsentDialogProps) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();
  const [mode, setMode] = useState(initialMode);
  const [status, setStatus] = useState<Status>("idle");
  // Nothing optional is on until the visitor turns it on (ad services are off by default).
  const [selected, setSelected] = useState<Set<string>>(() => {
    const optional = new Set(optionalServices(purposes));
    return new Set((choice?.services ?? []).filter((name) => optional.has(name)));
  });
  const done = useRef(false);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const titleRef = useRef<HTMLHeadingElement>(null);
  const firstMode = useRef(mode);
  useEffect(() => {
    // The button that switched to the settings is gone: focus goes to their title.
    if (mode !== firstMode.current) titleRef.current?.focus();
  }, [mode]);

  useEffect(() => {
    if (status !== "saved") return;
    const timer = window.setTimeout(() => {
      ref.current?.close();
      onClosed();
    }, CLOSE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [status, onClosed]);

  function keepOpen(event: SyntheticEvent) {
    event.preventDefault();
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === "Escape") event.preventDefault();
    if (event.key !== "Tab" || !ref.current) return;
    // Tab from the last control goes back to the first (and Shift+Tab the other way),
    // never out of the page to the browser's own controls.
    const controls = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (element) => !element.hasAttribute("disabled"),
    );
    const first = controls[0];
    const last = controls[controls.length - 1];
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || !ref.current.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  function reopenUnlessDone() {
    // A close the page did not ask for (the browser's own close request): stay open.
    if (!done.current && ref.current && !ref.current.open) ref.current.showModal();
  }

  async function save(all: boolean) {
    if (status === "saving" || status === "saved") return;
    setStatus("saving");
    const body = all ? { all: true } : { services: [...selected] };
    const { status: code, data } = await postJson<{ choice?: ConsentChoiceProps }>(
      routes.consent.save(),
      body,
      { handle: "all" },
    );
    if (code !== 200 || !data?.choice) {
      setStatus("failed");
      return;
    }
    done.current = true;
    onSaved(data.choice);
    logConsentEvent(all ? "accept_all" : "accept");
    if (all) setSelected(new Set(optionalServices(purposes)));
    setStatus("saved");
  }

  function toggle(names: string[], on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      for (const name of names) {
        if (on) next.add(name);
        else next.delete(name);
      }
      return next;
    });
  }

  const busy = status === "saving" || status === "saved";
  const notice = mode === "notice";
  const style = notice
    ? { top: "auto", bottom: NOTICE_OFFSET_PX, left: NOTICE_OFFSET_PX, right: NOTICE_OFFSET_PX }
    : undefined;

  return (
    <dialog
      ref={ref}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={textId}
      data-testid="consent-dialog"
      data-mode={mode}
      onCancel={keepOpen}
      onKeyDown={onKeyDown}
      onClose={reopenUnlessDone}
      style={style}
      className={`rounded-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/50 ${
        notice
          ? "mx-auto mb-0 w-auto max-w-2xl"
          : "m-auto max-h-[calc(100vh-2.5rem)] w-[min(40rem,calc(100vw-2rem))] overflow-y-auto"
      }`}
    >
      <div className="p-6">
        <h2 id={titleId} ref={titleRef} tabIndex={-1} className="text-lg font-bold outline-none">
          {notice ? t("consent.notice_title") : t("consent.settings_title")}
        </h2>
        <p id={textId} className="mt-2 text-sm text-slate-700">
          {notice ? t("consent.notice_text") : t("consent.settings_intro")}
        </p>

        {notice ? null : (
          <div className="mt-4 space-y-4">
            {purposes.map((purpose) => {
              const names = purpose.services.map((service) => service.name);
              const anyOn = purpose.required || names.some((name) => selected.has(name));
              return (
                <fieldset
                  key={purpose.varname}
                  className="space-y-3 rounded-lg border border-slate-200 p-4"
                >
                  <legend className="sr-only">{purpose.name}</legend>
                  <Switch
                    strong
                    label={purpose.name}
                    description={
                      purpose.required
                        ? `${purpose.description} ${t("consent.always_on")}.`
                        : purpose.description
                    }
                    checked={anyOn}
                    disabled={purpose.required || busy}
                    onCheckedChange={(on) => toggle(names, on)}
                  />
                  <ul className="space-y-3 border-t border-slate-200 pt-3 pl-4">
                    {purpose.services.map((service) => (
                      <li key={service.name}>
                        <Switch
                          label={service.label}
                          description={service.description}
                          checked={service.required || selected.has(service.name)}
                          disabled={service.required || busy}
                          onCheckedChange={(on) => toggle([service.name], on)}
                        />
                      </li>
                    ))}
                  </ul>
                </fieldset>
              );
            })}
            <PrivacyPanel title={t("consent.privacy_policy")} />
          </div>
        )}

        {status === "failed" ? (
          <p role="alert" className="mt-4 text-sm font-semibold text-red-800">
            {t("consent.save_failed")}
          </p>
        ) : null}

        <div className="mt-4 flex flex-wrap items-center justify-end gap-3">
          {/* Beside the buttons, not on a line of its own: empty until a choice is saved,
              such a line stood as a blank band between the text and the buttons. */}
          <p role="status" className="mr-auto text-sm font-semibold text-slate-800">
            {status === "saved" ? t("consent.saved") : null}
            {status === "saving" ? t("consent.saving") : null}
          </p>
          {notice ? (
            <Button variant="secondary" disabled={busy} onClick={() => setMode("settings")}>
              {t("consent.customise")}
            </Button>
          ) : (
            <Button variant="secondary" disabled={busy} onClick={() => void save(false)}>
              {t("consent.save")}
            </Button>
          )}
          <Button disabled={busy} onClick={() => void save(true)}>
            {t("consent.accept_all")}
          </Button>
        </div>
      </div>
    </dialog>
  );
}
