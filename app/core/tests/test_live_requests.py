"""The wait before a browser test's database is emptied (app/core/tests/live_requests.py)."""

import threading

from django.core.signals import request_finished, request_started
from django.test.client import ClientHandler

from app.core.tests import live_requests


def _request_in_thread(release: threading.Event, started: threading.Event) -> threading.Thread:
    def answer():
        request_started.send(sender=None)
        started.set()
        release.wait(5)
        request_finished.send(sender=None)

    thread = threading.Thread(target=answer)
    thread.start()
    started.wait(5)
    return thread


def test_a_request_being_answered_holds_the_wait_until_it_finishes():
    release, started = threading.Event(), threading.Event()
    thread = _request_in_thread(release, started)

    assert live_requests.answering() == 1
    assert live_requests.wait_until_quiet(deadline=0.3) is False

    threading.Timer(0.2, release.set).start()
    assert live_requests.wait_until_quiet(deadline=3) is True
    assert live_requests.answering() == 0
    thread.join(5)


def test_a_thread_that_died_mid_request_holds_nothing():
    started = threading.Event()

    def dies():
        request_started.send(sender=None)
        started.set()

    thread = threading.Thread(target=dies)
    thread.start()
    thread.join(5)

    assert started.is_set()
    assert live_requests.answering() == 0
    assert live_requests.wait_until_quiet(deadline=1) is True


def test_the_test_clients_requests_are_not_waited_for():
    # The test client answers in the test's thread; a streamed answer left unread never
    # sends request_finished. (Sent to the receiver alone: Django's own receiver of the
    # signal would touch this test's database connection, which the test client spares.)
    live_requests._started(sender=ClientHandler)

    assert live_requests.answering() == 0
