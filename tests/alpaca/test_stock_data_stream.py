"""alpaca-py's StockDataStream (tests/alpaca/requirements.txt pins it) against `bourse sim`'s
Alpaca stream at each moment of conftest's MOMENTS. The SDK connects with `Content-Type:
application/msgpack` and speaks msgpack both ways: it must log in, receive the simulated quotes
and trades as its typed models (symbol, prices, sizes, times as datetimes at the sim's stopped
clock), and be refused with Alpaca's words when the key is wrong or the plan lacks the feed."""
import json
import logging

import msgpack
import pytest
from alpaca.data.models import Quote, Trade
from websockets.sync.client import connect

from conftest import KEY, SECRET, SYMBOL, RunningStream, start_sim


def has_quotes_and_trades(count):
    def enough(items):
        return (sum(isinstance(item, Quote) for item in items) >= count
                and sum(isinstance(item, Trade) for item in items) >= count)
    return enough


@pytest.mark.parametrize("feed", ["iex", "sip"])
def test_quotes_and_trades_arrive_as_typed_models(ws_url, moment, feed):
    with RunningStream(f"{ws_url}/v2/{feed}") as stream:
        items = stream.collect(has_quotes_and_trades(3))
    quotes = [item for item in items if isinstance(item, Quote)]
    trades = [item for item in items if isinstance(item, Trade)]
    assert len(quotes) + len(trades) == len(items)
    for quote in quotes:
        assert quote.symbol == SYMBOL
        assert quote.timestamp == moment.datetime  # a datetime, to the millisecond, in UTC
        assert isinstance(quote.bid_price, float) and isinstance(quote.ask_price, float)
        assert 0 < quote.bid_price < quote.ask_price
        assert quote.bid_size >= 1 and quote.ask_size >= 1 and quote.bid_size == int(quote.bid_size)
        assert (quote.bid_exchange, quote.ask_exchange, quote.conditions, quote.tape) == ("V", "V", ["R"], "C")
    for trade in trades:
        assert trade.symbol == SYMBOL
        assert trade.timestamp == moment.datetime
        assert isinstance(trade.price, float) and trade.price > 0
        assert trade.size >= 1 and trade.size == int(trade.size)
        assert (trade.exchange, trade.conditions, trade.tape) == ("V", ["@"], "C")
    ids = [trade.id for trade in trades]
    assert all(isinstance(i, int) for i in ids) and ids == sorted(set(ids))  # the ticks' numbers, in order


def test_the_raw_messages_are_alpacas_msgpack(ws_url, moment):
    """raw_data=True hands over the messages as msgpack decoded them: prices are floats, sizes
    and ids integers, `t` a msgpack Timestamp with its nanoseconds."""
    with RunningStream(f"{ws_url}/v2/iex", raw_data=True) as stream:
        items = stream.collect(lambda items: {"q", "t"} <= {item["T"] for item in items})
    instant = moment.datetime
    for item in items:
        assert item["S"] == SYMBOL
        assert isinstance(item["t"], msgpack.Timestamp)
        assert item["t"].seconds == int(instant.timestamp())
        assert item["t"].nanoseconds == instant.microsecond * 1000
        if item["T"] == "q":
            assert [type(item[name]) for name in ("bp", "ap", "bs", "as")] == [float, float, int, int]
        else:
            assert [type(item[name]) for name in ("p", "s", "i")] == [float, int, int]


@pytest.mark.parametrize("credentials", [(KEY, "wrong-secret"), ("wrong-key", SECRET)], ids=["secret", "key"])
def test_a_wrong_key_is_refused_with_auth_failed(ws_url, credentials):
    """alpaca-py raises ValueError("auth failed") on the 402 error and logs it (then tries again,
    as it does against Alpaca); no data arrives."""
    key, secret = credentials
    with RunningStream(f"{ws_url}/v2/iex", key=key, secret=secret) as stream:
        record = stream.log.wait_for("auth failed")
        assert record.levelno == logging.ERROR
        assert record.getMessage() == "error during websocket communication: auth failed"
        assert record.exc_info and isinstance(record.exc_info[1], ValueError)
    assert stream.received.empty()


def test_sip_on_the_free_plan_is_insufficient_subscription(moment):
    """On the free tier /v2/sip refuses the login with 409; alpaca-py gives up by itself on that
    one, so run() returns without stop()."""
    with start_sim(moment, "--tier", "free") as url:
        ws = "ws" + url.removeprefix("http")
        stream = RunningStream(f"{ws}/v2/sip")
        with stream:
            record = stream.log.wait_for("insufficient subscription")
            stream.thread.join(timeout=60)
            assert not stream.thread.is_alive(), "alpaca-py kept trying after insufficient subscription"
        assert record.levelno == logging.ERROR
        assert stream.received.empty()


def test_malformed_msgpack_is_an_error_frame_and_the_connection_stays(ws_url):
    headers = {"Content-Type": "application/msgpack"}
    with connect(f"{ws_url}/v2/iex", additional_headers=headers, open_timeout=30) as socket:
        assert msgpack.unpackb(socket.recv(timeout=30)) == [{"T": "success", "msg": "connected"}]
        for malformed in (b"\xc1", b"\x82\xa6act", b"\xdd\xff\xff\xff\xff"):
            socket.send(malformed)
            assert msgpack.unpackb(socket.recv(timeout=30)) == [{"T": "error", "code": 400, "msg": "invalid syntax"}]
        socket.send(msgpack.packb({"action": "auth", "key": KEY, "secret": SECRET}))
        assert msgpack.unpackb(socket.recv(timeout=30)) == [{"T": "success", "msg": "authenticated"}]


def test_a_client_without_the_header_still_gets_json(ws_url, moment):
    with connect(f"{ws_url}/v2/iex", open_timeout=30) as socket:
        assert json.loads(socket.recv(timeout=30)) == [{"T": "success", "msg": "connected"}]
        socket.send(json.dumps({"action": "auth", "key": KEY, "secret": SECRET}))
        assert json.loads(socket.recv(timeout=30)) == [{"T": "success", "msg": "authenticated"}]
        socket.send(json.dumps({"action": "subscribe", "quotes": [SYMBOL]}))
        assert json.loads(socket.recv(timeout=30))[0]["T"] == "subscription"
        quote = json.loads(socket.recv(timeout=30))[0]
    assert quote["T"] == "q" and quote["S"] == SYMBOL
    assert quote["t"] == moment.datetime.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.datetime.microsecond // 1000:03d}Z"
