"""SECURITY.md names, for each attack, the test that proves its defence: each must exist."""

import re

from django.conf import settings

# `path/to/test_file.py::test_name`, and `::test_name` continuing with the last file.
_REFERENCE = re.compile(r"`(?:(app/[\w/]+\.py))?::(test_\w+)`")


def test_every_test_named_in_the_attack_table_exists():
    table = (settings.BASE_DIR / "SECURITY.md").read_text()
    missing, current, named = [], None, 0
    for path, test in _REFERENCE.findall(table):
        current = path or current
        assert current is not None
        source = (settings.BASE_DIR / current).read_text()
        named += 1
        if not re.search(rf"^def {test}\(", source, re.MULTILINE):
            missing.append(f"{current}::{test}")
    assert named > 40
    assert missing == []
