"""The header and the dates as a person sees them (SPEC.md §12; issue 29, items 8 and 9), in
Chromium at 320, 390, 820 and 1440 px, light and dark, on the embedded default and on a Massive
key (`bourse sim`):

- the header is one row at every width (the bell and the search box centred on the brand's
  line, the bell last, under 80 px tall), with no word broken and no sideways scrolling;
- every page that shows market data (and the GNB's, and the 404 page) shows the source badge
  whole: never cut, no "…", the whole source in its title and, where the header shows a short
  label, in the page's source note;
- dates are in one style from the browser's locale (`dates.js`): the stock page's close is a
  calendar date ("Nov 25, 2026"), never ISO; a trading day is the same day in a time zone far
  west of UTC; market times are New York's, marked "ET".
"""
import json
import re
import urllib.request

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

import conftest
from conftest import running_app, running_sim
from layout_checks import broken_words, spills

SCREENS = {"small-phone": 320, "phone": 390, "tablet": 820, "desktop": 1440}
PAGES = ["/", "/markets", "/stocks/AAPL", "/search?q=bank", "/exchange", "/gnb", "/stocks/ZZZZQ"]
# What each source's badge may say: its whole label, or its short one.
LABELS = {
    "simulated": {"Simulated market", "Simulated"},
    "massive": {"Massive (formerly Polygon.io)", "Massive"},
}


def wait(driver, seconds=30):
    return WebDriverWait(driver, seconds)


@pytest.fixture(scope="module")
def massive_url():
    """The app on a paid Massive key (1,000 requests a minute), its source `bourse sim`: the badge
    is what is looked at here; the free tier's waits are test_free_tier_*.py's."""
    with running_sim() as port, running_app(
            MASSIVE_API_KEY="SomeLongKey123", MASSIVE_BASE_URL=f"http://127.0.0.1:{port}",
            MASSIVE_RATE_LIMIT="1000") as url:
        yield url


@pytest.fixture(params=list(SCREENS), scope="module")
def screen(request):
    """(width, Chromium at that width), for each of `SCREENS`."""
    browser = conftest.make_driver(request.param)
    yield SCREENS[request.param], browser
    browser.quit()


def set_scheme(driver, scheme):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})


# The header's boxes and the badge's state, read at once.
HEADER = """
    const box = (el) => { if (!el) return null; const r = el.getBoundingClientRect();
        return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, middle: (r.top + r.bottom) / 2,
                width: r.width, height: r.height}; };
    const header = document.querySelector('.site-header');
    const label = document.getElementById('source-label');
    const shown = label ? [...label.children].filter((s) => getComputedStyle(s).display !== 'none') : [];
    const note = document.getElementById('source-note');
    const items = [...document.querySelectorAll('.site-header-inner > *, .brand-block > *')]
        .filter((el) => el.getClientRects().length > 0 && !el.classList.contains('brand-block'));
    return {
        header: box(header), brand: box(document.querySelector('.brand')),
        bell: box(document.getElementById('bell-button')), search: box(document.getElementById('site-search-input')),
        rightmost: Math.max(...items.map((el) => el.getBoundingClientRect().right)),
        label: label && !label.hidden && label.getClientRects().length > 0 ? {
            box: box(label), text: label.innerText, shown: shown.map((s) => s.textContent),
            scrollWidth: label.scrollWidth, clientWidth: label.clientWidth, title: label.title,
            overflow: getComputedStyle(label).textOverflow,
        } : null,
        note: note && !note.hidden && getComputedStyle(note).display !== 'none' ? note.textContent : null,
    };
"""


def check_header(driver, width, path, labels):
    """The header of the page open in `driver`: one row, the badge whole, nothing broken."""
    where = f"{path} at {width} px"
    wait(driver).until(lambda d: d.execute_script(HEADER)["label"] is not None,
                       f"{where}: no source badge in {driver.find_element(By.TAG_NAME, 'h1').text!r}")
    h = driver.execute_script(HEADER)
    assert h["header"]["height"] < 80, f"{where}: the header is {h['header']['height']} px tall (two rows?)"
    brand = h["brand"]["middle"]
    for name in ("bell", "search"):
        assert abs(h[name]["middle"] - brand) <= 6, f"{where}: the {name} is not on the brand's row: {h[name]} vs {h['brand']}"
    assert h["bell"]["right"] >= h["rightmost"] - 1, f"{where}: the bell is not at the end of the row"
    label = h["label"]
    assert label["box"]["bottom"] <= h["header"]["bottom"] and label["box"]["right"] <= width, f"{where}: badge outside the header"
    assert label["scrollWidth"] <= label["clientWidth"], f"{where}: the badge is cut: {label}"
    assert "…" not in label["text"] and label["overflow"] != "ellipsis", f"{where}: the badge is cut: {label}"
    assert len(label["shown"]) == 1, f"{where}: the badge shows {label['shown']}"
    text = label["shown"][0]
    if labels is not None:
        assert text in labels, f"{where}: the badge says {text!r}"
    # The whole source is in the page: the badge itself, else its title and the source note.
    if text != label["title"]:
        assert label["title"], f"{where}: the short badge {text!r} has no title"
        assert h["note"] == "Source: " + label["title"], f"{where}: no source note for {label['title']!r}: {h['note']!r}"
    header = driver.find_element(By.CSS_SELECTOR, ".site-header")
    assert broken_words(driver, header) == [], f"{where}: broken words in the header"
    inner = driver.execute_script("const i = document.querySelector('.site-header-inner'); return [i.scrollWidth, i.clientWidth]")
    assert inner[0] <= inner[1], f"{where}: the header's row is {inner[0]} px wide in {inner[1]} px"
    return text


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_header_is_one_row_with_the_badge_whole(screen, app_url, scheme):
    width, driver = screen
    set_scheme(driver, scheme)
    try:
        for path in PAGES:
            driver.get(app_url + path)
            labels = {"Sample data"} if path == "/gnb" else LABELS["simulated"]
            text = check_header(driver, width, path, labels)
            if width >= 1200 and path != "/gnb":
                assert text == "Simulated market", f"{path} at {width} px: a wide header shows the whole label"
            if width in (820, 1440) or path in ("/", "/exchange"):
                save(driver, f"header-{path.strip('/').replace('/', '_').replace('?q=', '-') or 'home'}-{scheme}-{width}")
    finally:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def test_the_massive_badge_is_never_cut(screen, massive_url):
    width, driver = screen
    for path in PAGES:
        driver.get(massive_url + path)
        labels = {"Sample data"} if path == "/gnb" else (LABELS["simulated"] if path == "/exchange" else LABELS["massive"])
        text = check_header(driver, width, path, labels)
        if path == "/stocks/AAPL":
            assert text == ("Massive (formerly Polygon.io)" if width >= 1200 else "Massive")
            save(driver, f"header-massive-stock-{width}")


# The cards that pages fill in after they load, whose text must stay inside their borders (a card's
# overflow does not make the page wider, so the page's width alone does not show it): path ->
# (what shows the cards are there, the cards).
CARDS = {
    "/markets": (("#funds li.fund[data-symbol]", "#movers-gainers li.mover[data-symbol]",
                  "#movers-losers li.mover[data-symbol]", "#movers-active li.mover[data-symbol]"),
                 "#funds li.fund, .mover-cards li.mover"),
}


def test_no_page_scrolls_sideways(screen, app_url):
    width, driver = screen
    wide, spilled = [], []
    for path in PAGES:
        driver.get(app_url + path)
        wait(driver).until(lambda d: d.execute_script("return document.readyState") == "complete")
        page, viewport = driver.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")
        # A page wider than the device makes the emulated viewport grow with it.
        if max(page, viewport) > width:
            wide.append(f"{path}: {max(page, viewport)} px")
        if path in CARDS:
            loaded, cards = CARDS[path]
            wait(driver).until(lambda d: all(d.find_elements(By.CSS_SELECTOR, one) for one in loaded))
            spilled += [f"{path}: {spill}" for spill in spills(driver, cards)]
    assert wide == [], f"pages wider than the {width} px screen: {wide}"
    assert spilled == [], f"text out of its card at {width} px: {spilled}"


def save(driver, name):
    conftest.SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(conftest.SCREENSHOTS / f"test_header_and_dates-{name}.png"))


def test_the_close_is_a_date_in_the_one_style(screen, app_url):
    width, driver = screen
    if width != 390:
        pytest.skip("dates read the same at every width: once, on the phone")
    with urllib.request.urlopen(app_url + "/api/v1/stocks/AAPL", timeout=30) as response:
        stock = json.load(response)
    as_of = stock["asOf"]
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", as_of)
    driver.get(app_url + "/stocks/AAPL")
    note = wait(driver).until(lambda d: (t := d.find_element(By.ID, "quote-note").text).startswith("Close of ") and t)
    expected = driver.execute_script("""
        const [y, m, d] = arguments[0].split('-').map(Number);
        return new Intl.DateTimeFormat(undefined, {month: 'short', day: 'numeric', year: 'numeric'}).format(new Date(y, m - 1, d));
    """, as_of)
    assert note == f"Close of {expected}, change from the close before.", note
    assert as_of not in note


# dates.js's functions in the page, each applied to its arguments.
CALL_DATES = """
    const done = arguments[arguments.length - 1];
    import(arguments[0]).then((D) => done({
        day: D.day('2026-11-25'),
        localDay: new Intl.DateTimeFormat(undefined, {month: 'short', day: 'numeric', year: 'numeric'}).format(new Date(2026, 10, 25)),
        naiveDay: new Date('2026-11-25').getDate(),
        zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        market: D.marketTime('2026-11-27T14:30:00Z'),
        marketClock: D.marketTime('2026-11-27T21:00:00Z', {timeOnly: true}),
        nyClock: new Intl.DateTimeFormat(undefined, {hour: 'numeric', minute: '2-digit', timeZone: 'America/New_York'})
            .format(new Date('2026-11-27T21:00:00Z')),
        local: D.dateTime('2026-11-27T14:30:00Z', {withDate: true}),
        localClock: new Intl.DateTimeFormat(undefined, {hour: 'numeric', minute: '2-digit'}).format(new Date('2026-11-27T14:30:00Z')),
        none: [D.day(''), D.dateTime('not a time'), D.marketTime(undefined)],
    }), (error) => done(String(error)));
"""


def test_a_trading_day_stays_its_day_far_west_and_market_times_are_new_yorks(screen, app_url):
    width, driver = screen
    if width != 390:
        pytest.skip("the module is the same at every width: once, on the phone")
    driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": "Pacific/Honolulu"})
    try:
        driver.get(app_url + "/markets")
        dates_url = driver.execute_script(
            "return [...document.querySelectorAll('link[rel=modulepreload]')].map((l) => l.href).find((h) => h.includes('/dates.js'))")
        assert dates_url, "the page preloads dates.js"
        got = driver.execute_async_script(CALL_DATES, dates_url)
        assert isinstance(got, dict), got
        assert got["zone"] == "Pacific/Honolulu"
        assert got["naiveDay"] == 24, "the override is on: a naive reading of the day would show the 24th"
        assert got["day"] == got["localDay"] and "25" in got["day"] and "2026" in got["day"], got
        # New York's 9:30 and 4:00 PM, not Honolulu's 4:30 AM and 11:00 AM, marked ET.
        assert got["market"].endswith(" ET") and "9:30" in got["market"] and "4:30" not in got["market"], got
        assert got["marketClock"] == got["nyClock"] + " ET" and got["marketClock"].startswith("4:00"), got
        # A person's own moments (a notification, saved data) are on the device's clock, unmarked.
        assert got["local"].endswith(got["localClock"]) and "4:30" in got["local"] and "ET" not in got["local"], got
        assert got["none"] == ["", "", ""], got
    finally:
        driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": ""})
