"""Second factors in Chromium (docs/behaviour.md#second-factors): an authenticator app and
recovery codes enrolled and used at the login, a passkey added and used alone with
Chromium's virtual authenticator, a passkey's answer that is replayed or another
account's refused, and an admin held at its enrolment."""

import base64
import json
import re
import time

import pytest
from allauth.mfa.models import Authenticator
from allauth.mfa.recovery_codes.internal.auth import RecoveryCodes
from allauth.mfa.totp.internal.auth import TOTP, format_hotp_value, hotp_value
from allauth.usersessions.models import UserSession
from django.test import override_settings
from fido2.utils import websafe_encode
from playwright.sync_api import expect

from app.accounts.models import User
from app.accounts.tests.factories import DEFAULT_PASSWORD, make_user
from app.core.roles import Role
from app.core.tests.helpers import log_in, log_out

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def totp_code(secret: str) -> str:
    """The authenticator app's code for now, computed from the secret the page shows; near
    the end of a 30-second step it waits for the next one (no drift is tolerated)."""
    into_step = time.time() % 30
    if into_step > 25:
        time.sleep(30.5 - into_step)
    return format_hotp_value(hotp_value(secret, int(time.time()) // 30))


def log_in_with_the_form(page, base: str, email: str) -> None:
    page.goto(f"{base}/login?form=login")
    page.locator("#login-login").fill(email)
    page.locator("#login-password").fill(DEFAULT_PASSWORD)
    page.get_by_role("button", name="Zaloguj się", exact=True).click()


def sign_out(page) -> None:
    log_out(page)
    expect(page).to_have_url(re.compile(r"/login$"))


def enter_code(page, code: str) -> None:
    expect(page.get_by_role("heading", name="Potwierdź logowanie")).to_be_visible()
    page.get_by_label("Kod", exact=True).fill(code)
    page.get_by_role("button", name="Potwierdź", exact=True).click()


def test_totp_and_recovery_codes_enrolled_then_used_at_the_login(live_server, page):
    make_user(email="ola@example.com", first_name="Ola", last_name="Nowak")
    base = live_server.url
    log_in_with_the_form(page, base, "ola@example.com")
    expect(page).to_have_url(f"{base}/platforma")

    # The login just given counts as the password confirmation for the enrolment.
    page.goto(f"{base}/platforma/profil")
    page.get_by_role("link", name="Zarządzaj logowaniem dwuetapowym").click()
    expect(page.get_by_role("heading", name="Logowanie dwuetapowe", exact=True)).to_be_visible()
    expect(page.get_by_role("img", name="Kod QR do zeskanowania")).to_be_visible()
    secret = page.get_by_test_id("totp-secret").inner_text().strip()
    page.get_by_label("Kod z aplikacji").fill(totp_code(secret))
    page.get_by_role("button", name="Włącz aplikację").click()

    codes = page.get_by_test_id("recovery-codes").get_by_role("listitem")
    expect(codes).to_have_count(10)
    recovery_code = codes.first.inner_text().strip()
    with page.expect_download() as download:
        page.get_by_role("button", name="Pobierz kody (.txt)").click()
    with open(download.value.path(), encoding="utf-8") as saved:
        text = saved.read()
    assert recovery_code in text
    assert text.startswith("Kody zapasowe do Platformy")
    expect(page.get_by_text("Aplikacja uwierzytelniająca", exact=True)).to_be_visible()

    sign_out(page)
    log_in_with_the_form(page, base, "ola@example.com")
    expect(page).to_have_url(f"{base}/login/weryfikacja")
    enter_code(page, "12 34 56")
    expect(page.get_by_text("Wpisz 6 cyfr z aplikacji uwierzytelniającej")).to_be_visible()
    enter_code(page, totp_code(secret))
    expect(page).to_have_url(f"{base}/platforma")

    sign_out(page)
    log_in_with_the_form(page, base, "ola@example.com")
    enter_code(page, recovery_code)
    expect(page).to_have_url(f"{base}/platforma")

    # A recovery code works once.
    sign_out(page)
    log_in_with_the_form(page, base, "ola@example.com")
    enter_code(page, recovery_code)
    expect(page.get_by_text("Nieprawidłowy kod. Sprawdź go i spróbuj ponownie.")).to_be_visible()
    expect(page).to_have_url(f"{base}/login/weryfikacja")


def virtual_authenticator(page) -> tuple:
    """Chromium's virtual authenticator (a platform one, with resident keys and a verified
    user, answering by itself): the CDP session and its id."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("WebAuthn.enable")
    authenticator = cdp.send(
        "WebAuthn.addVirtualAuthenticator",
        {
            "options": {
                "protocol": "ctap2",
                "transport": "internal",
                "hasResidentKey": True,
                "hasUserVerification": True,
                "isUserVerified": True,
                "automaticPresenceSimulation": True,
            }
        },
    )["authenticatorId"]
    return cdp, authenticator


def add_passkey(page, live_server, user, name: str) -> Authenticator:
    """`user` adds a passkey of the virtual authenticator on its profile, then logs out;
    returns the passkey stored."""
    log_in(page, live_server, user)
    page.goto(f"{live_server.url}/platforma/profil/logowanie-dwuetapowe")
    expect(page.get_by_role("heading", name="Potwierdź hasło")).to_be_visible()
    page.get_by_label("Hasło").fill(DEFAULT_PASSWORD)
    page.get_by_role("button", name="Potwierdź").click()
    page.get_by_label("Nazwa klucza (np. Laptop)").fill(name)
    page.get_by_role("button", name="Dodaj klucz dostępu").click()
    expect(page.get_by_text(f"Klucz dostępu: {name}")).to_be_visible()
    sign_out(page)
    return Authenticator.objects.get(user=user, type=Authenticator.Type.WEBAUTHN)


def posts_to(page, url: str) -> list:
    """The POST requests the page sends to `url` from now on."""
    posted: list = []
    page.on("request", lambda r: posted.append(r) if r.method == "POST" and r.url == url else None)
    return posted


def credential_id(passkey: Authenticator) -> str:
    """A stored passkey's credential id, base64url, as the browser names it."""
    return websafe_encode(passkey.wrap().authenticator_data.credential_data.credential_id)


def signed_challenge(credential: dict) -> str:
    """The challenge a passkey's answer signed (base64url, from its client data)."""
    client_data = credential["response"]["clientDataJSON"]
    return json.loads(base64.urlsafe_b64decode(client_data + "=" * (-len(client_data) % 4)))[
        "challenge"
    ]


def factors_state(*users: User) -> list:
    """Everything a login with a factor could change of `users`: their factors (with their
    last use), their last login and their sessions."""
    factors = Authenticator.objects.filter(user__in=users).order_by("pk")
    return [
        [(f.pk, f.type, f.last_used_at, json.dumps(f.data, sort_keys=True)) for f in factors],
        [User.objects.get(pk=user.pk).last_login for user in users],
        [UserSession.objects.filter(user=user).count() for user in users],
    ]


def test_a_passkey_added_on_the_profile_then_logs_in_alone(live_server, page):
    cdp, authenticator = virtual_authenticator(page)
    user = make_user(email="ola@example.com", first_name="Ola", last_name="Nowak")
    # WebAuthn takes the host as the relying party: the live server's "localhost".
    base = live_server.url
    log_in(page, live_server, user)

    page.goto(f"{base}/platforma/profil/logowanie-dwuetapowe")
    # A session older than the password confirmation asks for the password first.
    expect(page.get_by_role("heading", name="Potwierdź hasło")).to_be_visible()
    page.get_by_label("Hasło").fill(DEFAULT_PASSWORD)
    page.get_by_role("button", name="Potwierdź").click()
    page.get_by_label("Nazwa klucza (np. Laptop)").fill("Laptop")
    page.get_by_role("button", name="Dodaj klucz dostępu").click()
    expect(page.get_by_text("Klucz dostępu: Laptop")).to_be_visible()
    stored = cdp.send("WebAuthn.getCredentials", {"authenticatorId": authenticator})
    assert len(stored["credentials"]) == 1

    sign_out(page)
    page.goto(f"{base}/login?form=login")
    link = page.get_by_role("link", name="Zaloguj się kluczem dostępu")
    link.focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name="Logowanie kluczem dostępu")).to_be_visible()
    button = page.get_by_role("button", name="Zaloguj się kluczem dostępu")
    button.focus()
    page.keyboard.press("Enter")
    expect(page).to_have_url(f"{base}/platforma")
    expect(page.get_by_role("heading", name="Cześć, Ola Nowak!")).to_be_visible()


def test_a_replayed_passkey_login_logs_nobody_in(live_server, page):
    virtual_authenticator(page)
    user = make_user(email="ola@example.com")
    base = live_server.url
    passkey = add_passkey(page, live_server, user, "Laptop")

    # The passkey login, its answer seen on its way (by a proxy, a log, a shared machine).
    posted = posts_to(page, f"{base}/login/klucz")
    page.goto(f"{base}/login/klucz")
    page.get_by_role("button", name="Zaloguj się kluczem dostępu").click()
    expect(page).to_have_url(f"{base}/platforma")
    (seen,) = posted
    body = seen.post_data
    assert json.loads(body)["credential"]["id"] == credential_id(passkey)
    passkey.refresh_from_db()
    used_at = passkey.last_used_at
    assert used_at is not None
    sign_out(page)
    before = factors_state(user)

    # The same answer sent again as the page sends it, from a session that opened the
    # passkey login (so one with a challenge waiting, only not the one that was signed).
    page.goto(f"{base}/login/klucz")
    headers = {
        name: value
        for name, value in seen.headers.items()
        if name in ("x-inertia", "x-inertia-version", "x-requested-with", "content-type", "accept")
    }
    assert headers["x-inertia"] == "true"
    xsrf = next(c["value"] for c in page.context.cookies() if c["name"] == "XSRF-TOKEN")
    replay = page.request.post(
        f"{base}/login/klucz",
        data=body,
        headers={**headers, "X-XSRF-TOKEN": xsrf},
        max_redirects=0,
    )
    # Refused by the passkey check (back to its form), not logged in (409 to the target).
    assert replay.status == 302
    assert replay.headers["location"] == "/login/klucz"
    page.goto(f"{base}/login/klucz")
    expect(page.get_by_text("Nieprawidłowy kod. Sprawdź go i spróbuj ponownie.")).to_be_visible()

    page.goto(f"{base}/platforma")
    expect(page).to_have_url(re.compile(r"/login\?returnUrl=%2Fplatforma$"))
    passkey.refresh_from_db()
    assert passkey.last_used_at == used_at
    assert factors_state(user) == before


# Makes the page's own passkey button sign with another credential of the virtual
# authenticator: the challenge and everything else the page asks for stay as they are.
SIGN_WITH_ANOTHER_CREDENTIAL = """(otherId) => {
    const bytes = (b64url) => Uint8Array.from(
        atob(b64url.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
    const toB64url = (buffer) => btoa(String.fromCharCode(...new Uint8Array(buffer)))
        .replace(/\\+/g, "-").replace(/\\//g, "_").replace(/=+$/, "");
    const get = navigator.credentials.get.bind(navigator.credentials);
    window.__asked = [];
    navigator.credentials.get = (options) => {
        const asked = options.publicKey;
        window.__asked.push({
            challenge: toB64url(asked.challenge),
            allowCredentials: (asked.allowCredentials || []).map((c) => toB64url(c.id)),
        });
        const publicKey = {...asked,
            allowCredentials: [{type: "public-key", id: bytes(otherId)}]};
        return get({...options, publicKey});
    };
}"""


def test_another_accounts_passkey_is_refused_at_the_code_step(live_server, page):
    cdp, authenticator = virtual_authenticator(page)
    base = live_server.url
    ola = make_user(email="ola@example.com", first_name="Ola", last_name="Nowak")
    eve = make_user(email="eve@example.com")
    # Both passkeys live in the one (virtual) authenticator: Ewa's and Ola's.
    eves_passkey = add_passkey(page, live_server, eve, "Telefon Ewy")
    olas_passkey = add_passkey(page, live_server, ola, "Laptop Oli")
    TOTP.activate(ola, "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP")
    RecoveryCodes.activate(ola)
    stored = cdp.send("WebAuthn.getCredentials", {"authenticatorId": authenticator})
    assert len(stored["credentials"]) == 2

    # Ola's password is known; her step asks for her code or her passkey.
    log_in_with_the_form(page, base, "ola@example.com")
    expect(page).to_have_url(f"{base}/login/weryfikacja")
    expect(page.get_by_role("heading", name="Potwierdź logowanie")).to_be_visible()
    before = factors_state(ola, eve)

    # Her step's challenge, signed with Ewa's passkey, posted by the page's own button.
    page.evaluate(SIGN_WITH_ANOTHER_CREDENTIAL, credential_id(eves_passkey))
    posted = posts_to(page, f"{base}/login/weryfikacja")
    page.get_by_role("button", name="Użyj klucza dostępu").click()
    expect(page.get_by_text("Nieprawidłowy kod. Sprawdź go i spróbuj ponownie.")).to_be_visible()
    (asked,) = page.evaluate("window.__asked")
    assert asked["allowCredentials"] == [credential_id(olas_passkey)]
    (sent,) = posted
    credential = json.loads(sent.post_data)["credential"]
    assert credential["id"] == credential_id(eves_passkey)
    assert signed_challenge(credential) == asked["challenge"]

    expect(page).to_have_url(f"{base}/login/weryfikacja")
    profile = page.request.get(f"{base}/platforma/profil", max_redirects=0)
    assert profile.status == 302
    assert profile.headers["location"] == "/login?returnUrl=%2Fplatforma%2Fprofil"
    assert factors_state(ola, eve) == before

    # The step still waits for Ola's own passkey, which logs her in.
    page.reload()
    page.get_by_role("button", name="Użyj klucza dostępu").click()
    expect(page).to_have_url(f"{base}/platforma")
    expect(page.get_by_role("heading", name="Cześć, Ola Nowak!")).to_be_visible()
    olas_passkey.refresh_from_db()
    eves_passkey.refresh_from_db()
    assert olas_passkey.last_used_at is not None
    assert eves_passkey.last_used_at is None


@override_settings(MFA_REQUIRED_ROLES=["ADMIN"])
def test_an_admin_of_a_required_role_is_held_at_its_enrolment(live_server, page):
    make_user(email="admin@example.com", roles=[Role.ADMIN])
    base = live_server.url
    page.goto(f"{base}/thehero_piwnica")
    page.locator("#admin-username").fill("admin@example.com")
    page.locator("#admin-password").fill(DEFAULT_PASSWORD)
    page.get_by_role("button", name="Zaloguj").click()

    expect(page).to_have_url(re.compile(r"/platforma/profil/logowanie-dwuetapowe\?returnUrl="))
    expect(page.get_by_text("Twoja rola wymaga logowania dwuetapowego.")).to_be_visible()
    page.goto(f"{base}/platforma/moje_kursy")
    expect(page).to_have_url(re.compile(r"/platforma/profil/logowanie-dwuetapowe\?returnUrl="))

    page.goto(f"{base}/platforma/profil/logowanie-dwuetapowe?returnUrl=%2Fadmin%2F")
    secret = page.get_by_test_id("totp-secret").inner_text().strip()
    page.get_by_label("Kod z aplikacji").fill(totp_code(secret))
    page.get_by_role("button", name="Włącz aplikację").click()
    expect(page.get_by_test_id("recovery-codes").get_by_role("listitem")).to_have_count(10)
    page.get_by_role("link", name="Przejdź dalej").click()
    expect(page).to_have_url(f"{base}/admin/")
