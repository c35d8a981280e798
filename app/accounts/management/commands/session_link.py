from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from app.accounts import selectors, services
from app.accounts.models import User
from app.core.errors import ApplicationError
from app.core.return_url import default_return_url


class Command(BaseCommand):
    help = (
        "Issue a one-click login link for a learner to /platforma/<path>[/<course_id>]. "
        "It prints the link, or e-mails it to the learner with --send. "
        "Valid once, for SESSION_LINK_LIFETIME."
    )

    def add_arguments(self, parser):
        parser.add_argument("email", help="the learner's e-mail address")
        targets = ", ".join(
            f"{path} (+ --course)" if needs_course else path
            for path, needs_course in selectors.learner_pages_list()
        )
        parser.add_argument("path", help=f"the learner page: {targets}")
        parser.add_argument("--course", type=int, default=None, help="course id (path kurs)")
        parser.add_argument(
            "--send", action="store_true", help="e-mail the link instead of printing it"
        )

    def handle(self, *args, email: str, path: str, course: int | None, send: bool, **options):
        user = User.objects.filter(email__iexact=email.strip()).first()
        if user is None:
            raise CommandError(f"No account with the e-mail {email}.")
        try:
            with transaction.atomic():
                if send:
                    services.session_link_send(user=user, path=path, course_id=course)
                    self.stdout.write(f"Sent a session link to {user.email}.")
                else:
                    _link, url = services.session_link_issue(user=user, path=path, course_id=course)
                    self.stdout.write(url)
        except ApplicationError as refused:
            suffix = f"/{course}" if course is not None else ""
            reasons = {
                "outside_platform": (
                    f"{default_return_url()}/{path}{suffix} is not a page of the learner area."
                ),
                "session_link_refused": (
                    f"{user.email} cannot get a session link: the account is inactive or has a"
                    " role (ADMIN, SUPER_ADMIN, INSTITUTION, MANAGER, MANAGER_LEADER, RESELLER,"
                    " CLOUD, AUTHOR); such accounts log in with their password."
                ),
            }
            raise CommandError(reasons.get(refused.code, refused.message)) from refused
