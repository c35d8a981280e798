"""X-Forwarded-For and X-Forwarded-Proto are believed from the balancer alone
(TRUSTED_PROXIES: gunicorn's forwarded_allow_ips and app/core/requests.py). Against the
running nodes: a client calling a node directly with both headers forged is not taken
for an HTTPS visitor (sent to https, served nothing), and one that forges X-Forwarded-For
through the balancer still spends its own address's rate-limit budget, while the nodes
do tell real visitors apart by the address the balancer adds."""

import pytest

from app.accounts.tests.factories import DEFAULT_PASSWORD, make_user
from app.core.tests.scaleout.balancer import OUTSIDER, address, visitor
from app.core.tests.scaleout.cluster import with_room_in_the_limits_window

pytestmark = [pytest.mark.scaleout, pytest.mark.django_db(transaction=True)]

LOGIN = "/api/public/login"
FORGED = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.50"}


@pytest.mark.parametrize("node", ["node-a", "node-b"])
def test_a_client_calling_a_node_directly_is_not_taken_for_https(nodes, node):
    make_user(email="ola@example.com")
    with visitor(nodes.url(node), OUTSIDER) as direct:
        page = direct.http.get("/login", headers=FORGED)
        login = direct.http.post(
            LOGIN,
            json={"login": "ola@example.com", "loginPassword": DEFAULT_PASSWORD},
            headers=FORGED,
        )
    with visitor(nodes.haproxy.url) as balanced:
        through = balanced.http.get("/login")

    # Plain HTTP whatever the header says: sent to https, no page, no session, no login.
    assert page.status_code == 301
    assert page.headers["Location"] == f"https://127.0.0.1:{nodes.nodes[node].port}/login"
    assert "Strict-Transport-Security" not in page.headers
    assert "set-cookie" not in page.headers
    assert login.status_code == 301
    # The same page through the balancer, which said HTTPS: served as such.
    assert through.status_code == 200
    assert through.headers["Strict-Transport-Security"].startswith("max-age=31536000")
    assert "; Secure" in through.headers["Set-Cookie"]


def test_a_forged_x_forwarded_for_buys_no_other_address_s_budget(nodes):
    # "login_failed": 5 per 5 minutes for one account from one address.
    make_user(email="ola@example.com")
    with_room_in_the_limits_window()
    with visitor(nodes.haproxy.url, address(40)) as forger:
        guesses = [
            forger.http.post(
                LOGIN,
                json={"login": "ola@example.com", "loginPassword": f"zgaduje{n}"},
                # Another made-up address each time, and one that claims to be the balancer.
                headers={
                    "X-Forwarded-For": f"203.0.113.{n}, 127.0.0.1" if n == 5 else f"203.0.113.{n}"
                },
            )
            for n in range(6)
        ]
    with visitor(nodes.haproxy.url, address(41)) as owner:
        owner_login = owner.http.post(
            LOGIN, json={"login": "ola@example.com", "loginPassword": DEFAULT_PASSWORD}
        )

    # All six from one real address: the sixth is over its limit, whatever it claimed.
    assert [guess.status_code for guess in guesses] == [400] * 5 + [429]
    # The owner, from their own address, is not held by the forger's failures.
    assert owner_login.status_code == 200
