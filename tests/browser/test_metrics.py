"""`/metrics` on the running app, read with Prometheus's own parser (prometheus_client): the
counters move as a user trades on the exchange screen in Chromium, the feed ticks and pages are
asked for; with a password set, only an API token may scrape."""
import urllib.request

import pytest
from prometheus_client.parser import text_string_to_metric_families
from selenium.webdriver.common.by import By

from conftest import running_app
from test_exchange import FINAL, choose, history_row, open_live, place, set_field, wait
from test_signin import bourse, request, set_password


@pytest.fixture(scope="module")
def size():
    """One size is enough here: what this module checks does not depend on the layout (the
    layout tests run at phone and tablet size), and each size costs its own app and browser."""
    return "phone"


def scrape(app_url, headers=None):
    """{(sample name, frozenset of labels): value} of one scrape."""
    req = urllib.request.Request(app_url + "/metrics", headers=headers or {})
    with urllib.request.urlopen(req, timeout=30) as response:
        assert response.status == 200
        assert response.headers["Content-Type"].startswith("text/plain; version=0.0.4")
        text = response.read().decode()
    samples = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            samples[(sample.name, frozenset(sample.labels.items()))] = sample.value
    return samples


def total(samples, name, **labels):
    """The sum of the samples named `name` whose labels include `labels`."""
    wanted = set(labels.items())
    return sum(value for (sample, sample_labels), value in samples.items() if sample == name and wanted <= sample_labels)


def test_counters_move_as_a_user_trades_and_browses(driver, app_url):
    before = scrape(app_url)
    open_live(driver, app_url)
    choose(driver, '[data-side="buy"]')
    choose(driver, '[data-type="market"]')
    set_field(driver, "quantity", "10")
    order_id = place(driver)
    wait(driver).until(lambda d: history_row(d, order_id)["status"] in FINAL)
    status = history_row(driver, order_id)["status"].lower()
    driver.get(app_url + "/stocks/AAPL")
    wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, "h1"))

    after = scrape(app_url)
    # Requests by route and status, with their latency histogram.
    for route in ("/exchange", "/stocks/{symbol}"):
        assert total(after, "bourse_http_requests_total", route=route, status="200") > total(
            before, "bourse_http_requests_total", route=route, status="200"), route
    assert total(after, "bourse_http_request_duration_seconds_count", route="/exchange") >= 1
    # The order the user placed, by the status it was answered with, and its commit.
    assert total(after, "bourse_orders_total", status=status) == total(before, "bourse_orders_total", status=status) + 1
    assert total(after, "bourse_order_commit_duration_seconds_count") > total(before, "bourse_order_commit_duration_seconds_count")
    # The feed is live and ticking.
    assert total(after, "bourse_feed_state", state="live") == 1
    assert total(after, "bourse_feed_ticks_total") > total(before, "bourse_feed_ticks_total")
    # The market's answers: from the source or the cache, never nothing.
    answers = lambda s: total(s, "bourse_upstream_cache_total")  # noqa: E731
    assert answers(after) > answers(before)
    # The screen's socket was open while the exchange screen was (it may be closing now).
    assert ("bourse_websocket_open_sockets", frozenset({("socket", "exchange")})) in after
    assert total(after, "bourse_http_open_connections") >= 1
    # glibc's allocator, read by `serve` every 10 s from its start (HeapService).
    assert total(after, "bourse_heap_in_use_bytes") > 0
    assert total(after, "bourse_heap_arena_bytes") > 0
    assert ("bourse_heap_free_bytes", frozenset()) in after


def test_with_a_password_only_a_token_may_scrape():
    with running_app(prepare=set_password) as app_url:
        status, headers, _ = request(app_url + "/metrics")
        assert status == 401
        assert headers["WWW-Authenticate"] == 'Bearer realm="bourse"'
        token = bourse("token", "create", "prometheus", "--database", str(app_url.database)).stdout.splitlines()[0]
        samples = scrape(app_url, {"Authorization": f"Bearer {token}"})
        assert total(samples, "bourse_http_requests_total", route="/metrics", status="401") == 1
