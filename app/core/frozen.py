"""The mark of a value that cannot change once built, which may then be shared as it is.

Kept apart (imports nothing) so that the page JSON's light module, which the settings
import, can mark its values with it.
"""


class Frozen:
    """A value with no way to be changed once built (immutable fields only, no setters):
    a process's copy of its cache entry is handed to every reader as it is
    (app/core/versioned_cache.py)."""

    __slots__ = ()

    def unpickled_bytes(self) -> int:
        """What it holds in memory beyond its pickle's size (parts it builds again when
        unpickled), for the memory budget of the process's copies."""
        return 0
