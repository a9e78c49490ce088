"""Scrubbing a stock's chart with a finger (issue 29 item 7), in Chromium at phone and tablet size:
the headline shows the bar under the finger (its close, its change, its date) and letting go puts
the quote back; the page below does not move while the readout changes; a tap leaves no focus
ring; the first label of the time axis is whole; the 1D chart is the day the headline names; a
session in progress is drawn across the whole day (09:30-16:00 ET), as far as it has come."""
import contextlib
import os
import re
from datetime import datetime, timedelta

import pytest

from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from conftest import running_app, running_sim

PRICE = re.compile(r"^\d+\.\d{2,}$")


def wait(driver, seconds=30):
    return WebDriverWait(driver, seconds)


def open_chart(driver, app_url, range_):
    driver.get(app_url + f"/stocks/AAPL?range={range_}")
    wait(driver).until(lambda d: PRICE.match(d.find_element(By.ID, "price").text))
    chart = wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "#chart svg[data-bars]")))
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", chart)
    return chart


def finger(driver):
    return ActionBuilder(driver, mouse=PointerInput(interaction.POINTER_TOUCH, "finger"))


def formatted_day(driver, iso_day):
    """A trading day as the page's dates.js writes it."""
    return driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        const url = [...document.querySelectorAll('link[rel=modulepreload]')].map((l) => l.href)
            .find((h) => h.includes('/dates.js'));
        import(url).then((dates) => done(dates.day(arguments[0])), (error) => done(String(error)));
    """, iso_day)


def headline(driver):
    return [driver.find_element(By.ID, name).text for name in ("price", "change", "change-percent", "quote-note")]


# Records the headline each time it changes, with where the section below the chart is then.
RECORD_HEADLINE = """
    window.headlines = [];
    const names = ['price', 'change', 'change-percent', 'quote-note'];
    const below = document.getElementById('alerts-heading');
    new MutationObserver(() => window.headlines.push({
        texts: names.map((name) => document.getElementById(name).textContent.trim()),
        belowTop: below.getBoundingClientRect().top,
    })).observe(document.getElementById('quote'), {subtree: true, childList: true, characterData: true});
    return below.getBoundingClientRect().top;
"""


def test_scrubbing_shows_the_bar_in_the_headline_and_letting_go_restores_it(driver, app_url, screenshot):
    chart = open_chart(driver, app_url, "1M")
    wait(driver).until(lambda d: d.find_element(By.ID, "quote-note").text)
    quote = headline(driver)
    bars = driver.execute_script("return arguments[0].getAttribute('data-bars').split(';')", chart)
    rect = driver.execute_script("return arguments[0].getBoundingClientRect().toJSON()", chart)
    plot = [float(v) for v in chart.get_attribute("data-plot").split()]
    viewbox_width = float(driver.execute_script("return arguments[0].getAttribute('viewBox')", chart).split()[2])
    scale = rect["width"] / viewbox_width
    x, y = int(rect["left"] + (plot[0] + plot[2] * 0.3) * scale), int(rect["top"] + rect["height"] / 2)
    index = int(((x + 2 - rect["left"]) / scale - plot[0]) // float(chart.get_attribute("data-band")))
    fields = bars[index].split("|")
    below_top = driver.execute_script(RECORD_HEADLINE)

    # One gesture: down, a small move, a rest, and the finger lets go.
    actions = finger(driver)
    actions.pointer_action.move_to_location(x, y).pointer_down().move_to_location(x + 2, y).pause(0.3).pointer_up()
    actions.perform()
    wait(driver, 5).until(lambda d: headline(d) == quote and d.execute_script("return window.headlines.length") > 1)
    seen = driver.execute_script("return window.headlines")
    scrubbed = [entry["texts"] for entry in seen if entry["texts"][0] == fields[4]]
    assert scrubbed, f"the bar's close {fields[4]} never shown: {seen}"
    note = scrubbed[-1][3]
    day = formatted_day(driver, fields[0])  # "Nov 4, 2026" in this browser's style
    assert note.startswith(day) and "change from the start of the 1M chart" in note, (note, day)
    assert re.match(r"^[+−]?\d+\.\d{2}$", scrubbed[-1][1]), scrubbed[-1]
    assert all(entry["belowTop"] == below_top for entry in seen), "the page below the chart moved"
    assert headline(driver) == quote, "letting go restores the quote"
    # The crosshair's readout stays on the bar the finger left.
    assert driver.find_element(By.ID, "chart-readout").text.startswith(day)
    # A tap focuses the chart (for its arrow keys) and draws no ring.
    focused, outline = driver.execute_script(
        "const s = getComputedStyle(arguments[0]); return [document.activeElement === arguments[0], s.outlineStyle]",
        chart)
    assert outline == "none" or not focused, outline
    screenshot("after-scrubbing")


def test_every_time_label_is_whole_and_1d_is_the_headlines_day(driver, app_url):
    for range_ in ("1D", "5D", "1M", "3M", "1Y"):
        chart = open_chart(driver, app_url, range_)
        # Every label starts inside the image (the first was cut at the left edge: "v 20").
        lefts = driver.execute_script(
            "return [...arguments[0].querySelectorAll('.chart-labels text')].map((t) => t.getBBox().x)", chart)
        assert lefts and min(lefts) >= 0, (range_, lefts)
    # The 1D bars are one session, of the day the headline's price is the close of.
    chart = open_chart(driver, app_url, "1D")
    bars = driver.execute_script("return arguments[0].getAttribute('data-bars').split(';')", chart)
    # One session: every 5-minute bar's start within its 6.5 hours (09:30-16:00 New York).
    instants = sorted(datetime.fromisoformat(bar.split("|")[0].replace("Z", "+00:00")) for bar in bars)
    assert instants[-1] - instants[0] <= timedelta(hours=6, minutes=25), (instants[0], instants[-1])
    assert driver.find_element(By.ID, "price").text == bars[-1].split("|")[4]


def test_the_range_tells_its_story(driver, app_url):
    for range_ in ("1D", "1M", "1Y"):
        chart = open_chart(driver, app_url, range_)
        amount = chart.get_attribute("data-range-change")
        percent = chart.get_attribute("data-range-change-percent")
        target = driver.find_element(By.ID, "range-change")
        wait(driver).until(lambda d: target.text)
        # "+1.23 (+0.87 %) over 1M" beside the buttons, the amount and % the chart's own.
        sign = "−" if amount.startswith("-") else "+"
        assert target.text.startswith(sign + amount.lstrip("-")[:3]), (target.text, amount)
        assert f"{percent.lstrip('-')}" in target.text.replace(",", ""), (target.text, percent)
        assert target.text.endswith("on the day" if range_ == "1D" else "over " + range_), target.text
        # The line green when the range closed up, red when down, as the words.
        direction = "down" if amount.startswith("-") else ("up" if amount.strip("0.") else "unchanged")
        line_class = driver.execute_script("return arguments[0].querySelector('polyline').getAttribute('class')", chart)
        stroke = driver.execute_script("return getComputedStyle(arguments[0].querySelector('polyline')).stroke", chart)
        colours = driver.execute_script(
            "const s = getComputedStyle(document.documentElement);"
            "return {up: s.getPropertyValue('--chart-up').trim(), down: s.getPropertyValue('--chart-down').trim()}")
        if direction != "unchanged":
            assert line_class == "chart-line chart-" + direction, line_class
            assert direction in target.get_attribute("class").split(), target.get_attribute("class")
            expected = driver.execute_script(
                "const probe = document.createElement('i'); probe.style.color = arguments[0];"
                "document.body.append(probe); const c = getComputedStyle(probe).color; probe.remove(); return c",
                colours[direction])
            assert stroke == expected, (stroke, expected)


def test_the_exchange_chart_line_has_a_colour_in_light_and_dark(driver, app_url):
    try:
        for scheme, expected in (("light", "rgb(11, 87, 208)"), ("dark", "rgb(138, 180, 248)")):
            driver.execute_cdp_cmd(
                "Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
            driver.get(app_url + "/exchange")
            wait(driver).until(lambda d: d.find_element(By.CSS_SELECTOR, ".ex-line").get_attribute("points"))
            stroke = driver.execute_script(
                "return getComputedStyle(document.querySelector('.ex-line')).stroke")
            assert stroke == expected, (scheme, stroke)
    finally:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


# Tuesday 2026-11-24 at 10:35 New York time, held there: an hour into the session.
MID_SESSION = "2026-11-24T15:35:00Z stopped"


@pytest.fixture(scope="module")
def mid_session_url():
    """The app on a paid Massive key (snapshots: today's session while it runs), `bourse sim` its
    source, both on a clock held an hour into Tuesday's session."""
    with contextlib.ExitStack() as stack:
        saved = os.environ.get("BOURSE_CLOCK")
        os.environ["BOURSE_CLOCK"] = MID_SESSION  # `bourse sim` reads the clock from its environment
        try:
            port = stack.enter_context(running_sim())
        finally:
            if saved is None:
                del os.environ["BOURSE_CLOCK"]
            else:
                os.environ["BOURSE_CLOCK"] = saved
        yield stack.enter_context(running_app(
            MASSIVE_API_KEY="SomeLongKey123", MASSIVE_BASE_URL=f"http://127.0.0.1:{port}", MASSIVE_RATE_LIMIT="1000",
            BOURSE_CLOCK=MID_SESSION))


def test_a_session_in_progress_spans_the_whole_day(driver, mid_session_url, screenshot):
    chart = open_chart(driver, mid_session_url, "1D")
    bars = driver.execute_script("return arguments[0].getAttribute('data-bars').split(';')", chart)
    assert bars[0].startswith("2026-11-24T14:30:00Z|"), bars[0]
    assert 12 <= len(bars) <= 14, len(bars)
    # The line ends about an hour into six and a half: in the first fifth of the plot.
    plot = [float(v) for v in chart.get_attribute("data-plot").split()]
    last_x = float(bars[-1].split("|")[7])
    assert last_x < plot[0] + plot[2] * 0.2, (last_x, plot)
    # Every hour of the day is labelled, in the reader's style (Intl; "10 AM" in English), New York time.
    labels = driver.execute_script(
        "return [...arguments[0].querySelectorAll('.chart-labels text[data-unit=hour]')]"
        ".map((t) => [t.getAttribute('data-at'), t.textContent])", chart)
    assert [at for at, _ in labels] == [f"2026-11-24T{hour}:00:00Z" for hour in range(15, 21)]
    expected = driver.execute_script(
        "const f = new Intl.DateTimeFormat(undefined, {hour: 'numeric', timeZone: 'America/New_York'});"
        "return arguments[0].map((at) => f.format(new Date(at)))", [at for at, _ in labels])
    assert [text for _, text in labels] == expected and expected[0] != "2026-11-24T15:00:00Z", labels
    # The headline's price is the last bar's close: one price per stock per moment, and no close yet.
    assert driver.find_element(By.ID, "price").text == bars[-1].split("|")[4]
    note = driver.find_element(By.ID, "quote-note").text
    assert note.startswith("Last trade as of Tue, Nov 24, 10:35") and note.endswith("ET, change from the close before."), note
    # A finger on the part of the day still to come reads the last bar, not a bar of nothing.
    rect = driver.execute_script("return arguments[0].getBoundingClientRect().toJSON()", chart)
    scale = rect["width"] / float(driver.execute_script("return arguments[0].getAttribute('viewBox')", chart).split()[2])
    x, y = int(rect["left"] + (plot[0] + plot[2] * 0.7) * scale), int(rect["top"] + rect["height"] / 2)
    actions = finger(driver)
    actions.pointer_action.move_to_location(x, y).pointer_down().pause(0.2).pointer_up()
    actions.perform()
    close = bars[-1].split("|")[4]
    wait(driver, 5).until(lambda d: f"C {close}" in d.find_element(By.ID, "chart-readout").text)
    screenshot("session-in-progress")
