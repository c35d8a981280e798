"""The service worker in Chromium: a repeat visit takes the assets from the cache, never a page."""

import pytest

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_repeat_visit_takes_hashed_assets_from_the_cache_and_pages_from_the_network(
    live_server, page
):
    page.goto(f"{live_server.url}/login")
    # What the app does 30 s after it is stable (frontend/lib/serviceWorker.ts).
    page.evaluate(
        """async () => { await navigator.serviceWorker.register('/sw.js', {scope: '/'});
                         await navigator.serviceWorker.ready; }"""
    )
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=10000)

    responses = []
    page.on("response", lambda response: responses.append(response))
    page.reload()
    page.get_by_role("button", name="Załóż darmowe konto").wait_for()

    served = {r.url.removeprefix(live_server.url): r.from_service_worker for r in responses}
    assets = {url: sw for url, sw in served.items() if url.startswith("/static/dist/assets/")}
    assert assets, served
    assert all(assets.values()), assets
    assert served["/login"] is False
    cached = page.evaluate(
        """async () => { const urls = [];
             for (const name of await caches.keys()) {
               for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
             }
             return urls; }"""
    )
    paths = [url.removeprefix(live_server.url) for url in cached]
    assert paths
    assert all(path.startswith("/static/dist/assets/") for path in paths), paths
