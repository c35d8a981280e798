"""Signals other apps listen to."""

from django.dispatch import Signal

# Sent inside the transaction that anonymises an account (the purge, or an admin erasing
# it), with `user` (already scrubbed), `old_email` and `placeholder_email`. Each app
# removes or scrubs what it keeps about that person; the records others need stay.
account_anonymised = Signal()

# Sent after the newsletter consent of `user` was given or withdrawn (`subscribed`), at
# registration or later; the consent history records each change.
newsletter_changed = Signal()
