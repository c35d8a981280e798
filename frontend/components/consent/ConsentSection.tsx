import { usePage } from "@inertiajs/react";
import { useEffect, useReducer, useRef, useState } from "react";

import Button from "@/components/ui/Button";
import Checkbox from "@/components/ui/Checkbox";
import { useT } from "@/i18n";
import { formatDateTime } from "@/lib/format";
import { getJson, postJson } from "@/lib/http";
import { routes } from "@/routes";
import type { ConsentHistoryProps } from "@/types/generated";

import { onConsentLogged, openConsentSettings } from "./events";

/** The profile's consents: the newsletter consent (given or withdrawn here), the cookie
 * settings (the consent modal) and the learner's own consent history. */
export default function ConsentSection() {
  const t = useT();
  const { locale } = usePage().props;
  const [history, setHistory] = useState<ConsentHistoryProps | null>(null);
  const [failed, setFailed] = useState<"load" | "save" | null>(null);
  const [saving, setSaving] = useState(false);

  // The newsletter choices made so far, and the saves still out. A history asked for before
  // the last choice, or while a save was out (the server may read it before the save is
  // committed), can be older than what the box shows and would undo the click: it is
  // asked for again once no save is out.
  const choices = useRef(0);
  const saves = useRef(0);
  const askAfterSave = useRef(false);
  const [asks, askAgain] = useReducer((count: number) => count + 1, 0);

  function load() {
    const asked = choices.current;
    const duringSave = saves.current > 0;
    getJson<ConsentHistoryProps>(routes.consent.history(), { handle: "all" }).then(
      ({ status, data }) => {
        if (choices.current !== asked || duringSave) {
          if (saves.current > 0) askAfterSave.current = true;
          else askAgain();
          return;
        }
        if (status === 200 && data) setHistory(data);
        else setFailed("load");
      },
      () => setFailed("load"),
    );
  }

  useEffect(load, [asks]);
  // A choice saved in the modal is in the history once the consent log has stored it. The
  // history holds choices only (selectors.CHOICE_ACTIONS): the notice's loading and showing
  // change nothing in it.
  useEffect(
    () =>
      onConsentLogged((action) => {
        if (action === "accept" || action === "accept_all") askAgain();
      }),
    [],
  );

  async function setNewsletter(subscribed: boolean) {
    choices.current += 1;
    saves.current += 1;
    setSaving(true);
    // The box follows the click at once; the server's answer then confirms or undoes it.
    const before = history;
    if (before) setHistory({ ...before, newsletter: { ...before.newsletter, subscribed } });
    const { status, data } = await postJson<ConsentHistoryProps>(
      routes.consent.newsletter(),
      { subscribed },
      { handle: "all" },
    ).finally(() => {
      saves.current -= 1;
    });
    setSaving(false);
    if (status === 200 && data) {
      setHistory(data);
      setFailed(null);
    } else {
      setHistory(before);
      setFailed("save");
    }
    if (askAfterSave.current && saves.current === 0) {
      askAfterSave.current = false;
      askAgain();
    }
  }

  return (
    <section aria-labelledby="consent-section-title" className="space-y-5">
      <h2 id="consent-section-title" className="text-lg font-bold">
        {t("consent.section_title")}
      </h2>
      {history ? (
        <div className="space-y-2">
          <Checkbox
            id="profile-newsletter"
            label={t("consent.newsletter")}
            checked={history.newsletter.subscribed}
            onCheckedChange={(checked) => {
              if (!saving) void setNewsletter(checked);
            }}
          />
          <p className="pl-8 text-sm text-slate-700">
            {history.newsletter.consented_at
              ? t("consent.newsletter_given", {
                  date: formatDateTime(history.newsletter.consented_at, locale),
                })
              : t("consent.newsletter_not_given")}
          </p>
        </div>
      ) : null}
      {failed === "save" ? (
        <p role="alert" className="text-sm font-semibold text-red-800">
          {t("consent.newsletter_failed")}
        </p>
      ) : null}
      <Button variant="secondary" onClick={openConsentSettings}>
        {t("consent.change_settings")}
      </Button>
      <div>
        <h3 className="font-semibold">{t("consent.history")}</h3>
        {failed === "load" ? (
          <p role="alert" className="mt-2 text-sm text-red-800">
            {t("consent.history_failed")}
          </p>
        ) : null}
        {history && history.events.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700">{t("consent.history_empty")}</p>
        ) : null}
        {history && history.events.length > 0 ? (
          <ol className="mt-2 space-y-2 text-sm">
            {history.events.map((event, index) => (
              <li key={`${event.created_at}-${index}`} className="rounded-lg bg-slate-50 p-3">
                <span className="font-semibold">{event.action_label}</span>{" "}
                <time dateTime={event.created_at} className="text-slate-700">
                  {formatDateTime(event.created_at, locale)}
                </time>
                {event.services.length > 0 ? (
                  <p className="text-slate-700">
                    {t("consent.history_services", { services: event.services.join(", ") })}
                  </p>
                ) : null}
              </li>
            ))}
          </ol>
        ) : null}
      </div>
    </section>
  );
}
