"""What one process keeps in its own memory: the values it used last, within a budget of
bytes, the least recently used going first. The server-rendered pages (app/core/ssr.py)
and the cache entries a process read last (app/core/versioned_cache.py) are kept so."""

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable


class MemoryLru[K: Hashable, V]:
    def __init__(self, *, budget: int, size_of: Callable[[V], int]) -> None:
        self.budget = budget
        self._size_of = size_of
        self._values: OrderedDict[K, V] = OrderedDict()
        self._bytes = 0
        # Web threads of one process share it.
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        with self._lock:
            value = self._values.get(key)
            if value is not None:
                self._values.move_to_end(key)
            return value

    def put(self, key: K, value: V) -> None:
        """Keep `value`; one over an eighth of the budget is not kept, as it would push out
        many ordinary ones."""
        size = self._size_of(value)
        with self._lock:
            self._drop(key)
            if size > self.budget // 8:
                return
            self._values[key] = value
            self._bytes += size
            while self._bytes > self.budget:
                _, evicted = self._values.popitem(last=False)
                self._bytes -= self._size_of(evicted)

    def clear(self) -> None:
        with self._lock:
            self._values.clear()
            self._bytes = 0

    def __len__(self) -> int:
        return len(self._values)

    @property
    def bytes_used(self) -> int:
        return self._bytes

    def _drop(self, key: K) -> None:
        old = self._values.pop(key, None)
        if old is not None:
            self._bytes -= self._size_of(old)
