"""A learner's data export (GDPR Art. 15 and 20): asked for on the profile, built in the
background, downloaded once from the e-mailed link."""

import uuid

from django.conf import settings
from django.db import transaction
from django.urls import reverse

from app.accounts.models import User
from app.accounts.services.mail import absolute_url, link_email_send
from app.core.data_export import data_export_content
from app.core.models import DataExport
from app.core.tasks import task_enqueue_on_commit

# The task that builds an export (app.accounts.tasks), enqueued by name: the tasks module
# imports this one.
DATA_EXPORT_TASK = "accounts.build_data_export"


def data_export_request(*, user: User) -> str:
    """Queue the export of the user's data (data_export_build, in the background) once the
    current transaction commits; returns the request's key."""
    request_key = uuid.uuid4().hex
    task_enqueue_on_commit(DATA_EXPORT_TASK, user_id=user.pk, request_key=request_key)
    return request_key


def data_export_build(*, user_id: int, request_key: str) -> DataExport | None:
    """Build the export `request_key` of the user `user_id` (app.core.data_export) and
    e-mail its one-time link (DATA_EXPORT_LINK_LIFETIME). Idempotent: a second run for the
    same request finds it built and does nothing; None when the account is gone or locked."""
    with transaction.atomic():
        user = User.objects.select_for_update().filter(pk=user_id, is_active=True).first()
        if user is None or DataExport.objects.filter(request_key=request_key).exists():
            return None
        export, token = DataExport.issue(
            lifetime=settings.DATA_EXPORT_LINK_LIFETIME,
            user=user,
            request_key=request_key,
            content=data_export_content(user=user),
        )
        link_email_send(
            user=user,
            template="data_export_ready",
            url=absolute_url(reverse("accounts:data_export", kwargs={"hash": token})),
            lifetime=settings.DATA_EXPORT_LINK_LIFETIME,
            key=f"data-export:{request_key}",
        )
    return export


def data_export_check(*, user: User, token: str) -> DataExport:
    """The usable export link `token` of `user`; raises ApplicationError (unknown, used or
    expired; someone else's link reads as unknown)."""
    return DataExport.find(token, user=user)


def data_export_download(*, user: User, token: str) -> dict:
    """Use up the export link `token` of `user` and hand over its data, which is deleted
    from the platform's copy at once; raises ApplicationError (unknown, used or expired)."""
    with transaction.atomic():
        export = DataExport.redeem(token, user=user)
        content = export.content or {}
        export.content = None
        export.save(update_fields=["content"])
    return content
