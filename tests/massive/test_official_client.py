"""Each stock call of the official `massive` client (tests/massive/requirements.txt pins it)
against `bourse sim`, at each moment of conftest's MOMENTS: every call returns its typed model
with the fields the real API always sets, and the simulated prices agree across endpoints at
every hour (a snapshot's day is the grouped daily's bar, today's minutes so far during the
session; the previous day's too; the last trade is at the day's last price)."""
import datetime
from itertools import islice

import pytest
from massive.exceptions import BadResponse
from massive.rest.models import (
    Agg,
    DailyOpenCloseAgg,
    GroupedDailyAgg,
    LastQuote,
    LastTrade,
    MarketHoliday,
    MarketStatus,
    PreviousCloseAgg,
    Ticker,
    TickerDetails,
    TickerSnapshot,
)


def expect_fields(model, *names):
    missing = [name for name in names if getattr(model, name) is None]
    assert not missing, f"{type(model).__name__} lacks {missing}: {model}"


def day_of(milliseconds):
    """The New York date of a daily bar's `t` (00:00 New York, so noon UTC is safely that day)."""
    return datetime.datetime.fromtimestamp(milliseconds / 1000 + 12 * 3600, datetime.timezone.utc).date().isoformat()


@pytest.fixture(scope="session")
def days(client, moment):
    """The last two trading days with data at the moment, from AAPL's daily bars: (previous,
    last); during a session the last is today, its minutes so far."""
    today = moment.date
    bars = client.get_aggs("AAPL", 1, "day", (today - datetime.timedelta(days=14)).isoformat(), today.isoformat())
    assert len(bars) >= 2
    days = day_of(bars[-2].timestamp), day_of(bars[-1].timestamp)
    assert (days[1] == today.isoformat()) == (moment.today != "none")
    return days


@pytest.fixture(scope="session")
def completed(days, moment):
    """The last completed trading day: the previous day while today's session runs."""
    return days[0] if moment.in_session else days[1]


@pytest.fixture(scope="session")
def grouped(client, days):
    """Grouped daily of both days, each by ticker."""
    return tuple({bar.ticker: bar for bar in client.get_grouped_daily_aggs(day)} for day in days)


def test_list_tickers_pages_through_typed_tickers(client):
    tickers = list(islice(client.list_tickers(market="stocks", active=True, limit=100), 250))
    assert len(tickers) == 250  # three pages, through next_url
    assert all(isinstance(t, Ticker) for t in tickers)
    for ticker in tickers:
        expect_fields(ticker, "ticker", "name", "market", "locale", "primary_exchange", "type", "active",
                      "currency_name", "last_updated_utc")
    symbols = [t.ticker for t in tickers]
    assert symbols == sorted(symbols) and len(set(symbols)) == 250


def test_get_ticker_details(client):
    details = client.get_ticker_details("AAPL")
    assert isinstance(details, TickerDetails)
    expect_fields(details, "ticker", "name", "market", "locale", "primary_exchange", "type", "active",
                  "currency_name", "description", "ticker_root")
    assert details.ticker == "AAPL" and details.market == "stocks"


def test_list_aggs_and_get_aggs_agree(client, days):
    start, end = "2026-01-01", days[1]
    listed = list(client.list_aggs("AAPL", 1, "day", start, end, limit=50))  # pages of 50 through next_url
    fetched = client.get_aggs("AAPL", 1, "day", start, end)
    assert len(listed) > 50 and listed == fetched
    for bar in listed:
        assert isinstance(bar, Agg)
        expect_fields(bar, "open", "high", "low", "close", "volume", "vwap", "timestamp", "transactions")
        assert bar.low <= min(bar.open, bar.close) <= max(bar.open, bar.close) <= bar.high
    minutes = client.get_aggs("AAPL", 5, "minute", days[1], days[1])
    assert minutes and minutes[-1].close == fetched[-1].close


def test_get_grouped_daily_aggs(grouped, days):
    previous, last = grouped
    assert len(last) > 1000 and last.keys() == previous.keys()
    bar = last["AAPL"]
    assert isinstance(bar, GroupedDailyAgg)
    expect_fields(bar, "ticker", "open", "high", "low", "close", "volume", "vwap", "timestamp", "transactions")
    assert day_of(bar.timestamp) == days[1]


def test_get_previous_close_agg_is_the_last_completed_grouped_bar(client, grouped, days, completed):
    answer = client.get_previous_close_agg("AAPL")
    bar = answer[0] if isinstance(answer, list) else answer
    assert isinstance(bar, PreviousCloseAgg)
    expect_fields(bar, "ticker", "open", "high", "low", "close", "volume", "vwap", "timestamp")
    assert day_of(bar.timestamp) == completed
    assert bar.close == grouped[days.index(completed)]["AAPL"].close


def test_daily_open_close_of_a_day_in_progress_is_not_found_yet(client, days, moment):
    if not moment.in_session:
        pytest.skip("no session is in progress at this moment")
    with pytest.raises(BadResponse) as failure:
        client.get_daily_open_close_agg("AAPL", days[1])
    assert '"status":"NOT_FOUND"' in str(failure.value)


def test_get_daily_open_close_agg(client, days, grouped):
    answer = client.get_daily_open_close_agg("AAPL", days[0])
    assert isinstance(answer, DailyOpenCloseAgg)
    expect_fields(answer, "status", "from_", "symbol", "open", "high", "low", "close", "volume", "pre_market",
                  "after_hours")
    bar = grouped[0]["AAPL"]
    assert (answer.from_, answer.symbol, answer.status) == (days[0], "AAPL", "OK")
    assert (answer.open, answer.high, answer.low, answer.close, answer.volume) == (
        bar.open, bar.high, bar.low, bar.close, bar.volume)


def test_daily_open_close_on_a_closed_day_is_massives_404(client):
    with pytest.raises(BadResponse) as failure:
        client.get_daily_open_close_agg("AAPL", "2026-01-03")  # a Saturday
    assert '"status":"NOT_FOUND"' in str(failure.value) and '"message":"Data not found."' in str(failure.value)


def test_get_market_status(client, moment):
    status = client.get_market_status()
    assert isinstance(status, MarketStatus)
    expect_fields(status, "market", "after_hours", "early_hours", "server_time", "exchanges", "currencies",
                  "indicesGroups")
    assert status.market == moment.market
    assert status.exchanges.nyse == status.exchanges.nasdaq == status.market
    expect_fields(status.exchanges, "nyse", "nasdaq", "otc")
    expect_fields(status.currencies, "fx", "crypto")
    assert datetime.datetime.fromisoformat(status.server_time).utcoffset() in {
        datetime.timedelta(hours=-4), datetime.timedelta(hours=-5)}


def test_get_market_holidays(client, moment):
    holidays = client.get_market_holidays()
    assert holidays and all(isinstance(h, MarketHoliday) for h in holidays)
    for holiday in holidays:
        expect_fields(holiday, "date", "exchange", "name", "status")
        assert holiday.status in {"closed", "early-close"}
        if holiday.status == "early-close":
            expect_fields(holiday, "open", "close")
    dates = [h.date for h in holidays]
    assert dates == sorted(dates) and dates[0] >= moment.date.isoformat()
    assert {"NYSE", "NASDAQ"} <= {h.exchange for h in holidays}


def expect_snapshot(snapshot):
    assert isinstance(snapshot, TickerSnapshot)
    expect_fields(snapshot, "ticker", "day", "prev_day", "last_trade", "last_quote", "min", "todays_change",
                  "todays_change_percent", "updated")
    expect_fields(snapshot.day, "open", "high", "low", "close", "volume", "vwap")
    expect_fields(snapshot.prev_day, "open", "high", "low", "close", "volume", "vwap")
    expect_fields(snapshot.last_trade, "price", "size", "sip_timestamp", "exchange", "id")
    expect_fields(snapshot.last_quote, "ask_price", "ask_size", "bid_price", "bid_size", "sip_timestamp")
    expect_fields(snapshot.min, "accumulated_volume", "open", "high", "low", "close", "volume", "vwap", "timestamp",
                  "transactions")
    assert snapshot.last_trade.price == snapshot.day.close
    assert snapshot.last_quote.bid_price <= snapshot.day.close < snapshot.last_quote.ask_price
    assert snapshot.todays_change == pytest.approx(snapshot.day.close - snapshot.prev_day.close, abs=1e-9)


def test_get_snapshot_all_agrees_with_grouped_daily(client, grouped):
    previous, last = grouped
    snapshots = client.get_snapshot_all("stocks")
    assert len(snapshots) == len(last)
    for snapshot in snapshots:
        expect_snapshot(snapshot)
        bar, prior = last[snapshot.ticker], previous[snapshot.ticker]
        assert (snapshot.day.open, snapshot.day.high, snapshot.day.low, snapshot.day.close, snapshot.day.volume) == (
            bar.open, bar.high, bar.low, bar.close, bar.volume), snapshot.ticker
        assert snapshot.prev_day.close == prior.close, snapshot.ticker
    narrowed = client.get_snapshot_all("stocks", tickers=["MSFT", "AAPL"])
    assert sorted(s.ticker for s in narrowed) == ["AAPL", "MSFT"]


def test_get_snapshot_ticker(client, grouped, days, moment):
    snapshot = client.get_snapshot_ticker("stocks", "AAPL")
    expect_snapshot(snapshot)
    assert snapshot.ticker == "AAPL"
    assert snapshot.day.close == grouped[1]["AAPL"].close
    assert snapshot.prev_day.close == grouped[0]["AAPL"].close
    if not moment.in_session:
        assert snapshot.day.close == client.get_daily_open_close_agg("AAPL", days[1]).close
    with pytest.raises(BadResponse) as failure:
        client.get_snapshot_ticker("stocks", "NOSUCHTICKER")
    assert '"status":"NOT_FOUND"' in str(failure.value)


@pytest.mark.parametrize("direction", ["gainers", "losers"])
def test_get_snapshot_direction(client, grouped, direction):
    snapshots = client.get_snapshot_direction("stocks", direction)
    assert len(snapshots) == 20
    for snapshot in snapshots:
        expect_snapshot(snapshot)
        assert snapshot.day.close == grouped[1][snapshot.ticker].close
    percents = [s.todays_change_percent for s in snapshots]
    assert percents == sorted(percents, reverse=direction == "gainers")
    assert all(p > 0 for p in percents) if direction == "gainers" else all(p < 0 for p in percents)


def test_get_last_trade(client, grouped):
    trade = client.get_last_trade("AAPL")
    assert isinstance(trade, LastTrade)
    expect_fields(trade, "ticker", "id", "price", "size", "sip_timestamp", "participant_timestamp", "exchange",
                  "sequence_number", "tape")
    assert trade.ticker == "AAPL" and trade.price == grouped[1]["AAPL"].close


def test_get_last_quote(client, grouped):
    quote = client.get_last_quote("AAPL")
    assert isinstance(quote, LastQuote)
    expect_fields(quote, "ticker", "ask_price", "ask_size", "ask_exchange", "bid_price", "bid_size", "bid_exchange",
                  "sip_timestamp", "participant_timestamp", "sequence_number", "tape")
    assert quote.bid_price <= grouped[1]["AAPL"].close < quote.ask_price
