/** One sample of every page's props (and the shared props around them), for the test that
 * renders every page on the server (render.test.tsx) and for the SSR process, which renders
 * each once before it takes requests (a cold process renders its first pages slowly).
 * Typed by the generated `Pages`, so a new page or a changed prop fails the type check
 * until its sample is here. */
import type {
  ConsentProps,
  CourseLink,
  PaginationProps,
  Pages,
  SharedProps as GeneratedSharedProps,
  UserProps,
} from "@/types/generated";

// The shared props every page gets, with those the apps above the shell register (consent).
type SharedProps = GeneratedSharedProps & { consent: ConsentProps };

const consent: ConsentProps = { active: false, ask: false, choice: null };

const pagination: PaginationProps = {
  page: 1,
  pages: 2,
  total: 12,
  previous_url: null,
  next_url: "?page=2",
};
const course: CourseLink = { id: 1, title: "Excel od podstaw", url: "/platforma/kurs/1" };
const activity = [
  { date: "2026-02-02", count: 3 },
  { date: "2026-02-09", count: 0 },
];
const rules = { email: { required: "Podaj adres e-mail", max_length: 254 } };
const user: UserProps = {
  customer_id: "c-1",
  first_name: "Ola",
  last_name: "Testowa",
  supervision: false,
  is_profile_public: true,
  is_student: false,
  is_shop_user: true,
  roles: ["MANAGER", "AUTHOR"],
};

export const anonymous: SharedProps = {
  auth: { user: null, avatar: null },
  locale: "pl",
  errors: {},
  shell: {
    viewer: "anonymous",
    header_type: "default",
    is_production: false,
    support_email: "pomoc@platforma.example",
    social_links: [{ network: "facebook", url: "https://www.facebook.com/platforma" }],
    app_links: { android: "https://play.example/app", ios: "https://apps.example/app" },
    languages: ["pl", "en"],
    admin_url: "/admin",
    app_banner: "android",
  },
  menu: null,
  notifications_unread: 0,
  info_banners: [],
  consent,
};

export const learner: SharedProps = {
  ...anonymous,
  auth: { user, avatar: null },
  shell: { ...anonymous.shell, viewer: "learner" },
  menu: {
    areas: [{ key: "manager_panel", href: "/manager" }],
    learner: [{ key: "courses", href: "/platforma/moje_kursy" }],
    divider: true,
    shop_url: "https://sklep.platforma.example/",
  },
  notifications_unread: 2,
  info_banners: [{ key: "profile", level: "info", message: "Uzupełnij profil" }],
};

const batch = {
  id: 3,
  name: "Wiosna 2026",
  product: { kind: "course", title: "Excel od podstaw" },
  size: 10,
  seats_total: 10,
  seats_used: 4,
  created_at: "2026-03-01T10:00:00Z",
  valid_until: "2026-12-31",
  url: "/reseller/vouchery/3",
  ready: true,
  codes_made: 10,
};
const team = { id: 5, name: "Księgowość", member_count: 3, pending_count: 1, url: "/manager/5" };

export const samples: { [K in keyof Pages]: { props: Pages[K]; shared: SharedProps } } = {
  "Accounts/AccountDeletion": {
    shared: learner,
    props: { first_name: "Ola", last_name: "Testowa", error: null, submit_url: "/konto/usun/x" },
  },
  "Accounts/AccountRestore": { shared: anonymous, props: { error: null, submit_url: "/r" } },
  "Accounts/DataExport": { shared: learner, props: { error: null, submit_url: "/konto/dane/x" } },
  "Accounts/AdminLogin": {
    shared: { ...anonymous, shell: { ...anonymous.shell, header_type: "admin" } },
    props: { rules, submit_url: "/thehero_piwnica", reminder_url: "/thehero_piwnica/remind" },
  },
  "Accounts/DeletionRequest": {
    shared: learner,
    props: { email: "ola@example.com", sent: false, submit_url: "/konto/usun" },
  },
  "Accounts/Login": {
    shared: anonymous,
    props: {
      form: "register",
      invitation_email: "zaproszona@example.com",
      rules,
      student_email_pattern: "@student\\.",
      urls: {
        login: "/login",
        register: "/rejestracja",
        passkey_login: "/login/klucz",
        username_check: "/login/sprawdz",
        password_reminder: "/p/haslo/przypomnij",
        terms: "/p/regulamin",
        privacy: "/p/polityka-prywatnosci",
      },
    },
  },
  "Accounts/PasswordReminder": {
    shared: anonymous,
    props: {
      variant: "learner",
      sent: false,
      rules,
      urls: { submit: "/p/haslo/przypomnij", login: "/login", home: "/" },
    },
  },
  "Accounts/PasswordReset": {
    shared: anonymous,
    props: { error: null, rules, submit_url: "/p/haslo/nowe", reminder_url: "/p/haslo/przypomnij" },
  },
  "Accounts/MfaAuthenticate": {
    shared: anonymous,
    props: {
      has_totp: true,
      request_options: null,
      code_length: 8,
      submit_url: "/login/weryfikacja",
      cancel_url: "/login/weryfikacja/anuluj",
    },
  },
  "Accounts/PasskeyLogin": {
    shared: anonymous,
    props: { request_options: { publicKey: {} }, submit_url: "/login/klucz", login_url: "/login" },
  },
  "Accounts/Reauthenticate": {
    shared: learner,
    props: { submit_url: "/platforma/profil/potwierdz-haslo" },
  },
  "Accounts/MfaFactors": {
    shared: learner,
    props: {
      factors: [],
      totp_secret: "JBSWY3DPEHPK3PXP",
      totp_url: "otpauth://totp/ola%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Platforma",
      totp_qr: null,
      creation_options: { publicKey: {} },
      recovery_codes: [],
      required: false,
      return_url: null,
      urls: {
        totp: "/platforma/profil/logowanie-dwuetapowe/aplikacja",
        passkey: "/platforma/profil/logowanie-dwuetapowe/klucz",
        recovery_codes: "/platforma/profil/logowanie-dwuetapowe/kody",
        profile: "/platforma/profil",
      },
      rules: { totp_code: { max_length: 10 }, passkey_name: { max_length: 100 } },
    },
  },
  "Accounts/SessionLink": { shared: anonymous, props: { submit_url: "/session/x/moje_kursy" } },
  "Accounts/SessionLogout": { shared: anonymous, props: {} },
  "Errors/Error": { shared: anonymous, props: { status: 404, message: "Nie ma takiej strony" } },
  "Learning/Author": {
    shared: learner,
    props: {
      courses: [{ course: { id: 1, title: "Excel" }, lesson_count: 8, learner_count: 40 }],
      pagination,
      total_learners: 40,
    },
  },
  "Learning/Certificates": {
    shared: learner,
    props: {
      certificates: [
        {
          id: 1,
          number: "CERT-1",
          course,
          participant_name: "Ola Testowa",
          issued_on: "2026-05-02",
        },
      ],
      pagination,
    },
  },
  "Learning/Course": {
    shared: learner,
    props: {
      course,
      description: "Tabele, wykresy i formuły.",
      lessons: [
        {
          id: 1,
          number: 1,
          title: "Wprowadzenie",
          text: "Pierwsze kroki.",
          video_url: "",
          done: true,
          done_on: "2026-02-03",
          toggle_url: "/platforma/lekcja/1",
        },
      ],
      is_favourite: false,
      favourite_url: "/platforma/kurs/1/ulubiony",
      notes_url: "/platforma/notatki?course=1",
      certificate: null,
    },
  },
  "Learning/Exams": {
    shared: learner,
    props: {
      exams: [
        {
          id: 1,
          title: "Egzamin z Excela",
          description: "30 pytań",
          granted_at: "2026-04-01T08:00:00Z",
          source: "voucher",
        },
      ],
      pagination,
    },
  },
  "Learning/Favourites": {
    shared: learner,
    props: {
      favourites: [
        {
          course,
          description: "Tabele",
          added_at: "2026-04-01T08:00:00Z",
          remove_url: "/platforma/kurs/1/ulubiony",
        },
      ],
      pagination,
    },
  },
  "Learning/Home": { shared: learner, props: {} },
  "Learning/InterviewQuestions": {
    shared: learner,
    props: {
      questions: [{ id: 1, question: "Co to jest VLOOKUP?", answer: "Wyszukiwanie.", course }],
      pagination,
    },
  },
  "Learning/MyCourses": {
    shared: learner,
    props: {
      paths: [
        {
          id: 1,
          title: "Analityk danych",
          description: "Ścieżka",
          lesson_count: 20,
          done_count: 5,
          source: "shop",
          granted_at: "2026-01-01T00:00:00Z",
          courses: [course],
        },
      ],
      courses: [
        {
          id: 1,
          title: "Excel od podstaw",
          description: "Tabele",
          url: "/platforma/kurs/1",
          lesson_count: 8,
          done_count: 3,
          is_favourite: true,
          source: "voucher",
        },
      ],
      pagination,
      activity,
    },
  },
  "Learning/Notes": {
    shared: learner,
    props: {
      notes: [
        {
          id: 1,
          course,
          text: "Pamiętać o $A$1",
          updated_at: "2026-04-01T08:00:00Z",
          update_url: "/platforma/notatki/1",
          delete_url: "/platforma/notatki/1/usun",
        },
      ],
      pagination,
      courses: [{ id: 1, title: "Excel od podstaw" }],
      selected_course: null,
      create_url: "/platforma/notatki",
      rules: {
        course: { required: "Wybierz kurs" },
        text: { required: "Wpisz notatkę", max_length: 5000, max_length_message: "Za długa" },
      },
    },
  },
  "Learning/Profile": {
    shared: learner,
    props: {
      profile: {
        email: "ola@example.com",
        first_name: "Ola",
        last_name: "Testowa",
        is_profile_public: true,
        avatar_url: null,
      },
      rules,
      avatar_max_bytes: 2 * 1024 * 1024,
      urls: {
        update: "/platforma/profil",
        avatar: "/platforma/profil/avatar",
        avatar_remove: "/platforma/profil/avatar/usun",
        delete_account: "/konto/usun",
        second_factors: "/platforma/profil/logowanie-dwuetapowe",
      },
      second_factors: [
        {
          id: 1,
          type: "totp",
          name: "",
          created_at: "2026-02-01T09:00:00Z",
          last_used_at: null,
          unused_codes: null,
        },
      ],
      app_sessions: [
        {
          device: "Pixel 8",
          created_at: "2026-02-01T09:00:00Z",
          last_used_at: "2026-02-03T09:00:00Z",
          end_url: "/platforma/profil/aplikacje/1/zakoncz",
        },
      ],
    },
  },
  "Learning/Progress": {
    shared: learner,
    props: {
      courses: [{ course, lesson_count: 8, done_count: 8, has_certificate: true }],
      pagination,
      activity,
    },
  },
  "Shell/SitePage": {
    shared: anonymous,
    props: {
      title: "Polityka prywatności",
      blocks: [
        { kind: "heading", text: "Administrator" },
        { kind: "paragraph", text: "Administratorem danych jest Platforma." },
      ],
      updated_at: "2026-01-15",
    },
  },
  "Teams/Invitation": {
    shared: learner,
    props: {
      manager: "abc",
      team_name: "Księgowość",
      problem: null,
      accept_url: "/twoj_zespol/akceptuj",
      logout_url: "/wyloguj",
      decline_url: "/platforma",
      wrong_account_code: "404",
    },
  },
  "Teams/Manager": {
    shared: learner,
    props: {
      teams: [team],
      can_create: true,
      create_url: "/manager/nowy",
      rules: { name: { required: "Podaj nazwę", max_length: 120, max_length_message: "Za długa" } },
    },
  },
  "Teams/ManagerTeam": {
    shared: learner,
    props: {
      team,
      grants: { courses: ["Excel od podstaw"], exams: [], paths: [] },
      lesson_total: 8,
      members: [
        {
          id: 1,
          name: "Jan Kowalski",
          email: "jan@example.com",
          joined_at: "2026-02-01T09:00:00Z",
          done_count: 3,
          certificate_count: 0,
        },
      ],
      members_pagination: pagination,
      invitations: [
        {
          id: 2,
          email: "nowy@example.com",
          last_sent_at: "2026-02-02T09:00:00Z",
          expires_at: "2026-02-16T09:00:00Z",
          expired: false,
          sent_count: 1,
          resend_url: "/manager/5/zaproszenia/2/ponow",
          revoke_url: "/manager/5/zaproszenia/2/usun",
        },
      ],
      invitations_pagination: pagination,
      invite_url: "/manager/5/zapros",
      max_emails: 20,
      back_url: "/manager",
      progress: {
        courses: [{ id: 1, title: "Excel od podstaw", lesson_count: 8 }],
        members: [{ id: 1, name: "Jan Kowalski", done: [3] }],
      },
      activity,
      not_started: [
        { id: 3, name: "Ewa Nowak", email: "ewa@example.com", joined_at: "2026-02-01T09:00:00Z" },
      ],
      progress_csv_url: "/manager/5/postepy.csv",
    },
  },
  "Teams/Student": {
    shared: learner,
    props: {
      teams: [
        {
          id: 5,
          name: "Księgowość",
          managers: ["Anna Nowak"],
          joined_at: "2026-02-01T09:00:00Z",
          member_count: 3,
          courses: [course],
        },
      ],
    },
  },
  "Vouchers/Batch": {
    shared: learner,
    props: {
      area: "reseller",
      batch,
      codes: [{ code: "KOD-1", seats: 1, seats_used: 0 }],
      codes_pagination: pagination,
      redemptions: [
        {
          code: "KOD-2",
          name: "Jan Kowalski",
          email: "jan@example.com",
          redeemed_at: "2026-03-02T10:00:00Z",
        },
      ],
      redemptions_pagination: pagination,
      csv_url: "/reseller/vouchery/3.csv",
      back_url: "/reseller",
      daily: activity,
    },
  },
  "Vouchers/Batches": {
    shared: learner,
    props: {
      area: "reseller",
      batches: [batch],
      pagination,
      usage: {
        weeks: ["2026-02-02", "2026-02-09"],
        batches: [{ id: 3, name: "Wiosna", used: [2, 5] }],
      },
      products: { course: [{ value: "course:1", title: "Excel od podstaw" }], exam: [], path: [] },
      allowance: { left: 90, total: 100 },
      create_url: "/reseller/vouchery",
      rules: {
        product: { required: "Wybierz produkt" },
        size: {
          required: "Podaj liczbę",
          integer_message: "Liczba",
          min_value: 1,
          max_value: 1000,
        },
        name: { max_length: 100, max_length_message: "Za długa" },
      },
      learner_limits: [{ day: "2026-02-10", slowed: 3, refused: 1 }],
    },
  },
  "Vouchers/Redeem": {
    shared: learner,
    props: { code: "KOD-1", action: "/odbierz_kurs", max_length: 64 },
  },
};

/** The Inertia page object of a page's sample, in `locale`. */
export function samplePage(component: keyof Pages, locale: string) {
  const sample = samples[component];
  return {
    component,
    props: { ...sample.shared, locale, ...sample.props },
    url: "/sample",
    version: "sample",
    encryptHistory: false,
    clearHistory: false,
  };
}
