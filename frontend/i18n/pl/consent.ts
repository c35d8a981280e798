// Texts of the consent notice and modal, and of the consent section of the profile.
export default {
  "consent.notice_title": "Szanujemy Twoją prywatność",
  "consent.notice_text":
    "Używamy usług niezbędnych do działania Platformy, a za Twoją zgodą także analitycznych i reklamowych. Zaakceptuj wszystkie albo wybierz, na które się zgadzasz. Wybór zmienisz w każdej chwili w ustawieniach cookies w stopce strony.",
  "consent.accept_all": "Zaakceptuj wszystkie",
  "consent.customise": "Dostosuj",
  "consent.save": "Zapisz wybór",
  "consent.settings_title": "Ustawienia cookies",
  "consent.settings_intro":
    "Wybierz cele i usługi, na które się zgadzasz. Usługi niezbędne są zawsze włączone.",
  "consent.always_on": "Zawsze włączone",
  "consent.saving": "Zapisywanie…",
  "consent.saved": "Zapisano Twój wybór.",
  "consent.save_failed": "Nie udało się zapisać wyboru. Spróbuj ponownie.",
  "consent.privacy_policy": "Polityka prywatności",
  "consent.section_title": "Zgody i prywatność",
  "consent.newsletter": "Chcę otrzymywać informacje o promocjach",
  "consent.newsletter_given": "Zgoda wyrażona {date}.",
  "consent.newsletter_not_given": "Zgoda nie została wyrażona.",
  "consent.newsletter_failed": "Nie udało się zapisać zgody. Spróbuj ponownie.",
  "consent.change_settings": "Zmień ustawienia cookies",
  "consent.history": "Historia zgód",
  "consent.history_empty": "Nie ma jeszcze zapisanych zgód.",
  "consent.history_failed": "Nie udało się wczytać historii zgód.",
  "consent.history_services": "Zaakceptowane usługi: {services}",
};
