"""A web node dies under load. Simulated learners browse and redeem vouchers through the
balancer for SCALEOUT_LOAD_SECONDS (60); a third of the way in node A is killed (SIGKILL
to every process of the machine at once), later started again.

- The balancer takes A out after its failed probes of /health/ready; until then a request
  the dead node never got is sent to B (`option redispatch`), and so is a GET that got no
  answer (`retry-on`): only a request in flight at the kill may fail (a POST, or a GET
  whose answer was already on its way), and each failure is counted and printed.
- No voucher seat is lost or given twice: what is stored matches what the learners were
  told, give or take a redemption whose answer died with the node.
- A rejoins once started again (two good probes) and serves its share.
- p50/p95 and errors before, during and after are printed.
"""

import os
import random
import statistics
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

import httpx
import pytest

from app.accounts.tests.factories import make_user
from app.core.tests.scaleout.balancer import NODE_HEADER, address, visitor
from app.core.tests.scaleout.cluster import logged_in
from app.learning.tests.factories import make_course
from app.vouchers.models import Redemption, Voucher
from app.vouchers.tests.factories import make_voucher

pytestmark = [pytest.mark.scaleout, pytest.mark.django_db(transaction=True)]

LOAD_SECONDS = float(os.environ.get("SCALEOUT_LOAD_SECONDS", "60"))
LOAD_USERS = int(os.environ.get("SCALEOUT_LOAD_USERS", "20"))
KILL_AT = LOAD_SECONDS / 3
RESTART_AT = LOAD_SECONDS / 2
PAGES = ("/platforma", "/platforma/moje_kursy", "/platforma/profil")


@dataclass
class Call:
    kind: str
    started: float
    ended: float
    status: int | None
    node: str
    error: str = ""

    @property
    def failed(self) -> bool:
        return self.status is None or self.status >= 500


@dataclass
class Tally:
    calls: list[Call] = field(default_factory=list)
    redeemed: Counter = field(default_factory=Counter)
    unanswered: Counter = field(default_factory=Counter)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def timed(self, kind: str, call) -> httpx.Response | None:
        started = time.monotonic()
        try:
            response = call()
        except httpx.HTTPError as error:
            record = Call(kind, started, time.monotonic(), None, "", repr(error))
            response = None
        else:
            node = response.headers.get(NODE_HEADER, "")
            record = Call(kind, started, time.monotonic(), response.status_code, node)
            if record.failed:
                record.error = response.text[:200]
        with self.lock:
            self.calls.append(record)
        return response


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * p))] if ordered else 0.0


def simulated_user(browser, n: int, codes: list[str], deadline: list[float], tally: Tally):
    codes = random.Random(n).sample(codes, len(codes))
    while time.monotonic() < deadline[0]:
        for path in PAGES:
            tally.timed(f"GET {path}", lambda path=path: browser.visit(path))
        if codes:
            code = codes.pop()
            response = tally.timed(
                "POST /odbierz_kurs",
                lambda code=code: browser.post("/odbierz_kurs", {"code": code}),
            )
            with tally.lock:
                if response is None or response.status_code >= 500:
                    tally.unanswered[code] += 1
                elif response.headers.get("Location", "").startswith("/platforma/kurs/"):
                    tally.redeemed[code] += 1


def test_a_node_killed_under_load_costs_only_what_it_had_in_flight(nodes, capsys):
    haproxy = nodes.haproxy
    learners = [make_user(email=f"obciazenie{n}@example.com") for n in range(LOAD_USERS)]
    vouchers = [make_voucher(product=make_course(lessons=1), seats=8) for _ in range(10)]
    codes = [voucher.code for voucher in vouchers]
    browsers = [
        logged_in(visitor(haproxy.url, address(100 + n)), learner)
        for n, learner in enumerate(learners)
    ]
    tally = Tally()
    moments: dict[str, float] = {}
    port_a = nodes.nodes["node-a"].port

    started = time.monotonic()
    # The load lasts LOAD_SECONDS, and at least a few seconds past A's return.
    deadline = [started + LOAD_SECONDS]

    def the_node_dies_and_comes_back() -> None:
        time.sleep(KILL_AT)
        moments["kill"] = time.monotonic()
        nodes.nodes["node-a"].kill()
        moments["killed"] = time.monotonic()
        haproxy.wait_for({"node-a": "DOWN"})
        moments["out"] = time.monotonic()
        time.sleep(max(0.0, started + RESTART_AT - time.monotonic()))
        # The machine's supervisor starts the processes again over the prepared release.
        nodes.start_node("node-a", port=port_a, prepare=False)
        moments["started again"] = time.monotonic()
        haproxy.wait_for({"node-a": "UP"})
        moments["back"] = time.monotonic()
        deadline[0] = max(deadline[0], moments["back"] + 8)

    try:
        with ThreadPoolExecutor(max_workers=LOAD_USERS + 1) as pool:
            chaos = pool.submit(the_node_dies_and_comes_back)
            users = [
                pool.submit(simulated_user, browser, n, codes, deadline, tally)
                for n, browser in enumerate(browsers)
            ]
            chaos.result()
            for user in users:
                user.result()
    finally:
        for browser in browsers:
            browser.close()

    kill, killed, back = moments["kill"], moments["killed"], moments["back"]
    phases = {
        "before": [c for c in tally.calls if c.started < kill],
        "during": [c for c in tally.calls if kill <= c.started < back],
        "after": [c for c in tally.calls if c.started >= back],
    }
    failed = [c for c in tally.calls if c.failed]
    in_flight = [c for c in failed if c.started < killed and c.ended >= kill]
    with capsys.disabled():
        print(
            f"\nnode dies: {LOAD_USERS} users, {time.monotonic() - started:.0f} s, "
            f"node A killed at {kill - started:.1f} s, "
            f"out of the balancer {moments['out'] - kill:.1f} s later, "
            f"started again at {moments['started again'] - started:.1f} s, back at "
            f"{back - started:.1f} s"
        )
        for name, calls in phases.items():
            latencies = [c.ended - c.started for c in calls if not c.failed]
            served = Counter(c.node for c in calls if c.node)
            p50 = statistics.median(latencies or [0])
            print(
                f"  {name:6}: {len(calls)} requests, p50 {p50 * 1000:.0f} ms, "
                f"p95 {percentile(latencies, 0.95) * 1000:.0f} ms, errors "
                f"{sum(c.failed for c in calls)}, served by {dict(sorted(served.items()))}"
            )
        print(
            f"  failures in flight at the kill: {len(in_flight)} "
            f"({dict(Counter(c.kind for c in in_flight))}); other failures: "
            f"{len(failed) - len(in_flight)}; seats redeemed {sum(tally.redeemed.values())}"
        )

    # Only what node A had in flight when it died failed: a request it never got went to B,
    # and so did a GET whose answer had not begun; one whose answer was under way, or a
    # POST, is lost with the node (at most one request a learner).
    assert [c for c in failed if c not in in_flight] == []
    assert len(in_flight) <= LOAD_USERS
    # Both nodes served before the kill and after A's return; B alone meanwhile. A call lost
    # in flight has no answer, so no node: it is counted above, not here.
    assert {c.node for c in phases["before"] if c.node} == {"node-a", "node-b"}
    assert {c.node for c in phases["after"] if c.node} == {"node-a", "node-b"}
    assert {
        c.node
        for c in phases["during"]
        if c.started > moments["out"] and c.ended < moments["started again"]
    } <= {"node-b"}
    # Every seat counted once: each voucher's count is its redemptions, never above its
    # seats; every redemption a learner was told of is stored, and any other one is a
    # redemption whose answer was lost with the node.
    for voucher in Voucher.objects.all():
        stored = Redemption.objects.filter(voucher=voucher).count()
        assert voucher.seats_used == stored <= voucher.seats
        assert tally.redeemed[voucher.code] <= stored
        assert stored - tally.redeemed[voucher.code] <= tally.unanswered[voucher.code]
    assert (
        Redemption.objects.values("user", "voucher").distinct().count()
        == Redemption.objects.count()
    )
    assert sum(tally.redeemed.values()) > 0
