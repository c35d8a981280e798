"""Helpers of the accounts tests: requests as the account pages make them, and the
e-mails the platform sent."""

import re
from typing import Any

from django.core import mail
from django.test import Client, TestCase

from app.accounts.models import User
from app.accounts.services import session_link_issue
from app.accounts.tests.factories import DEFAULT_PASSWORD
from app.accounts.validators import EMAIL_PATTERN, NAME_PATTERN
from app.core.tests.helpers import inertia_headers, page_of, post_json, visit

_URL = re.compile(r"https?://[^\s\"'<>]+")

REMINDER = "/p/haslo/przypomnij"
DELETION_REQUEST = "/platforma/profil/usun-konto"
ADMIN_LOGIN = "/thehero_piwnica"


def links_in(message) -> list[str]:
    """Every address in the plain-text body of an e-mail, in order."""
    return _URL.findall(message.body)


def path_of(url: str) -> str:
    """The path of an e-mailed absolute link, to open it on the test server."""
    return re.sub(r"^https?://[^/]+", "", url)


def sent_to(address: str) -> list:
    return [message for message in mail.outbox if message.to == [address]]


def last_link(to: str) -> str:
    """The path of the first link in the last e-mail sent to `to`."""
    [message] = sent_to(to)[-1:]
    return path_of(links_in(message)[0])


def commit(action, *args, **kwargs):
    """Run a request and the e-mails it queues for after the commit."""
    with TestCase.captureOnCommitCallbacks(execute=True):
        return action(*args, **kwargs)


# --- The account forms' rules, as the pages receive them (docs/behaviour.md#validation) -------


def email_rule(required: str, invalid: str = "E-mail jest niepoprawny") -> dict[str, Any]:
    return {
        "required": required,
        "pattern": EMAIL_PATTERN,
        "pattern_message": invalid,
        "max_length": 254,
        "max_length_message": invalid,
    }


def name_rule(required: str, letters: str) -> dict[str, Any]:
    return {
        "required": required,
        "pattern": NAME_PATTERN,
        "pattern_message": letters,
        "max_length": 150,
        "max_length_message": letters,
    }


NAME_RULES = {
    "first_name": name_rule("Imię jest wymagane", "Imię może zawierać tylko litery"),
    "last_name": name_rule("Nazwisko jest wymagane", "Nazwisko może zawierać tylko litery"),
}
NEW_PASSWORD_RULE = {
    "required": "Hasło jest wymagane",
    "min_length": 6,
    "min_length_message": "Minimalna długość to 6 znaków",
    "max_length": 4096,
    "max_length_message": "Hasło jest za długie",
}


# --- Requests as the pages make them ----------------------------------------------------------


def log_in_with_password(client: Client, email: str, password: str = DEFAULT_PASSWORD) -> Any:
    """Post the login form."""
    return post_json(client, "/login", {"login": email, "login_password": password})


def login_page(client: Client, query: str = "") -> dict[str, Any]:
    """The Inertia page object of /login with `query`."""
    return page_of(visit(client, f"/login{query}"))


def errors_after_registration(client: Client, data: dict, query: str = "") -> dict[str, str]:
    """The errors the login page shows after the registration form posted `data`."""
    post_json(client, f"/login/register{query}", data)
    return login_page(client, query)["props"]["errors"]


def post_admin_login(client: Client, email: Any, password: Any, query: str = "") -> Any:
    return post_json(client, f"{ADMIN_LOGIN}{query}", {"username": email, "password": password})


def admin_login_errors(client: Client, query: str = "") -> dict[str, str]:
    """The errors the admin login page shows now."""
    return page_of(visit(client, f"{ADMIN_LOGIN}{query}"))["props"]["errors"]


def ask_for_reminder(client: Client, email: Any, url: str = REMINDER) -> Any:
    """Post the reminder form, sending the reset e-mail it queues."""
    return commit(post_json, client, url, {"email": email})


def reset_path(client: Client, email: str = "ola@example.com") -> str:
    """The path of the reset link e-mailed to `email` after asking for a reminder."""
    ask_for_reminder(client, email)
    [link] = links_in(mail.outbox[-1])
    return path_of(link)


def confirmation_path(client: Client) -> str:
    """The path of the deletion confirmation link the logged-in `client` asked for."""
    commit(post_json, client, DELETION_REQUEST, {})
    [url] = links_in(mail.outbox[-1])
    return path_of(url)


def confirm(client: Client, path: str) -> Any:
    """Post the deletion confirmation page `path`."""
    return commit(post_json, client, path, {})


def scheduled(client: Client, user: User) -> str:
    """Log `user` in on `client`, confirm the account's deletion and return the path of
    the undo link."""
    client.force_login(user)
    confirm(client, confirmation_path(client))
    visit(client, "/login")  # reads the "will be deleted" message
    [undo] = links_in(mail.outbox[-1])
    return path_of(undo)


def session_link_path(user: User, path: str = "moje_kursy", course_id: int | None = None) -> str:
    """The path of a fresh session link of `user` to /platforma/<path>[/<course_id>]."""
    _link, url = session_link_issue(user=user, path=path, course_id=course_id)
    return path_of(url)


def flash_on_login(client: Client) -> list[dict]:
    """The flash messages /login shows now."""
    return login_page(client)["flash"].get("messages", [])


def post_without_token(client: Client, path: str, data: dict) -> Any:
    return client.post(path, data=data, content_type="application/json", headers=inertia_headers())


# --- The admin panel's user form --------------------------------------------------------------


def user_change_url(user: User) -> str:
    return f"/admin/accounts/user/{user.pk}/change/"


def user_form_data(user: User, **changes) -> dict:
    """The user's change form as the admin submits it, with `changes` applied (checkboxes
    are sent as True or False, which Django's checkbox reads like a browser's "on")."""
    data = {
        "email": user.email,
        "first_name": user.first_name,
        "last_name": user.last_name,
        "is_active": user.is_active,
        "roles": list(user.role_codes),
        "is_shop_user": user.is_shop_user,
        "is_student": user.is_student,
        "supervision": user.supervision,
        "is_profile_public": False,
        "newsletter": False,
    }
    return {**data, **changes}


def save_user_form(client: Client, user: User, **changes) -> Any:
    return client.post(user_change_url(user), user_form_data(user, **changes))


def fresh(user: User) -> User:
    return User.objects.get(pk=user.pk)


# --- In the browser ---------------------------------------------------------------------------


def fill_registration(
    page, *, email="nowa@example.com", first="ola", last="nowak", password="sekret1"
) -> None:
    page.get_by_label("E-mail", exact=True).last.fill(email)
    page.get_by_label("Imię").fill(first)
    page.get_by_label("Nazwisko").fill(last)
    page.get_by_label("Hasło").last.fill(password)
