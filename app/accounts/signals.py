"""Signals other apps listen to."""

from django.dispatch import Signal

# Sent inside the transaction that anonymises an account (the purge, or an admin erasing
# it), with `user` (already scrubbed), `old_email` and `placeholder_email`. Each app
# removes or scrubs what it keeps about that person; the records others need stay.
account_anonymised = Signal()
