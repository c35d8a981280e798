import { usePage } from "@inertiajs/react";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";

import { useLatestAnswer } from "@/hooks/useLatestAnswer";
import { loadMessages } from "@/i18n";
import { setConsent } from "@/lib/consent";
import { getJson } from "@/lib/http";
import { routes } from "@/routes";
import type {
  ConsentChoiceProps,
  ConsentDefinitionProps,
  ConsentPurposeProps,
} from "@/types/generated";

import { logConsentEvent, onOpenConsentSettings, toChoice, type ConsentLogAction } from "./events";

const ConsentDialog = lazy(() => import("./ConsentDialog"));

type Mode = "notice" | "settings";

/**
 * The consent notice's host in the shell. It renders nothing until an effect opened it in
 * the browser (server rendering never sees it), hands the server's choice to the trackers
 * (`setConsent`), opens the notice by itself when the server asks for a choice, and opens
 * the cookie settings on request. The dialog, its texts and the purposes and services
 * load only when it opens.
 */
export default function ConsentRoot() {
  const { consent, locale } = usePage().props;
  // Set only from effects and handlers: on the server and in the first render, nothing.
  const [mode, setMode] = useState<Mode | null>(null);
  const [purposes, setPurposes] = useState<ConsentPurposeProps[]>([]);
  // A choice saved on this page, until the server's props of a later visit carry it.
  const serverChoice = JSON.stringify(consent.choice);
  const [saved, setSaved] = useState<{ over: string; choice: ConsentChoiceProps } | null>(null);
  const choice = saved && saved.over === serverChoice ? saved.choice : consent.choice;
  const choiceJson = JSON.stringify(choice);
  const returnFocus = useRef<HTMLElement | null>(null);
  const started = useRef(false);
  // Only the latest opening shows (and is logged), once its texts are in: an earlier one
  // answering late (the notice opening by itself while the visitor asks for the
  // settings), or one answering after the close, would open the dialog in the wrong mode,
  // or again.
  const latest = useLatestAnswer();

  const show = useCallback(
    (next: Mode, action: ConsentLogAction | null) => {
      if (!returnFocus.current && document.activeElement instanceof HTMLElement) {
        returnFocus.current = document.activeElement;
      }
      const isLatest = latest.ask();
      // The texts and the purposes arrive with the first opening (most pages never open it).
      const definition = getJson<ConsentDefinitionProps>(routes.consent.definition(), {
        handle: "all",
      }).then(({ data }) => data?.purposes ?? null);
      void Promise.all([definition, loadMessages(locale, "consent")]).then(([loaded]) => {
        if (!isLatest()) return;
        if (loaded) setPurposes(loaded);
        setMode(next);
        if (action) logConsentEvent(action);
      });
    },
    [locale, latest],
  );

  // The trackers follow the choice: the server's on each visit (it may have expired, or
  // the definition changed), and each one saved here.
  useEffect(() => {
    setConsent(toChoice(JSON.parse(choiceJson) as ConsentChoiceProps | null));
  }, [choiceJson]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (consent.active) logConsentEvent("script_initialization");
  }, [consent.active]);

  useEffect(() => {
    if (consent.ask) show("notice", "show_popup");
  }, [consent.ask, show]);

  useEffect(() => onOpenConsentSettings(() => show("settings", "force_show_popup")), [show]);

  function onSaved(next: ConsentChoiceProps) {
    setSaved({ over: serverChoice, choice: next });
  }

  function closed() {
    latest.forget();
    setMode(null);
    const target = returnFocus.current;
    returnFocus.current = null;
    if (target?.isConnected) target.focus();
  }

  if (mode === null) return null;
  return (
    <Suspense fallback={null}>
      <ConsentDialog
        initialMode={mode}
        purposes={purposes}
        choice={choice}
        onSaved={onSaved}
        onClosed={closed}
      />
    </Suspense>
  );
}
