"""The web process's entry point, as a server imports it."""

import json

from app.core.tests.helpers import run_manage

_BOOT = (
    "import gc, json, sys; import app.wsgi; "
    "print(json.dumps([gc.get_freeze_count(), len(gc.get_objects()),"
    " 'app.urls' in sys.modules]))"
)


def test_what_a_web_process_loads_at_boot_is_left_out_of_the_collectors_passes():
    done = run_manage("shell", "-c", _BOOT, env={})
    assert done.returncode == 0, done.stderr
    frozen, still_walked, urls_loaded = json.loads(done.stdout.splitlines()[-1])
    # The URL configuration was loaded before the freeze, not by the first request.
    assert urls_loaded
    assert frozen > 50_000
    assert still_walked < frozen / 100
