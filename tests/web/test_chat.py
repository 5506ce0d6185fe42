"""The table chat's rules, without a server: what a message may contain, the rate limit, the
history a page is sent, and what a line carries."""

from __future__ import annotations

import datetime as dt

import pytest

from settlers.web.chat import ChatHistory, ChatLimiter, ChatLine, chat_message, clean_text
from settlers.web.errors import ActError


def refusal(raw, limit=300) -> ActError:
    with pytest.raises(ActError) as caught:
        clean_text(raw, limit)
    return caught.value


# ---------------------------------------------------------------- text
def test_a_message_is_trimmed_and_kept_as_written():
    assert clean_text("  hello table  ", 300) == "hello table"
    assert clean_text("<script>alert(1)</script>", 300) == "<script>alert(1)</script>"
    assert clean_text("обмен: 2 овцы за руду? 👍", 300) == "обмен: 2 овцы за руду? 👍"


def test_the_same_words_are_stored_the_same_way():
    # "é" as one code point and as e + combining accent
    assert clean_text("caf\u0065\u0301", 300) == clean_text("caf\u00e9", 300) == "caf\u00e9"


@pytest.mark.parametrize("raw", ["", "   ", "\u3000"])
def test_an_empty_message_is_refused(raw):
    assert refusal(raw).code == "chat_empty"


def test_the_length_limit_counts_characters_after_trimming():
    assert clean_text(" " + "я" * 300 + " ", 300) == "я" * 300
    exc = refusal("я" * 301)
    assert exc.code == "chat_too_long"
    assert exc.params == {"limit": 300, "length": 301}
    assert "301" in exc.message("en") and "300" in exc.message("ru")


@pytest.mark.parametrize("raw, point", [
    ("two\nlines", "U+000A"),
    ("tab\there", "U+0009"),
    ("nul\x00", "U+0000"),
    ("\x1b[31mred", "U+001B"),
    ("del\x7f", "U+007F"),
    ("abc\u202egnp.exe", "U+202E"),  # right-to-left override: text shown backwards
    ("lone \ud800 surrogate", "U+D800"),
])
def test_control_characters_are_refused_by_name(raw, point):
    exc = refusal(raw)
    assert exc.code == "chat_control" and exc.params["code_point"] == point
    assert point in exc.message("en") and point in exc.message("ru")


@pytest.mark.parametrize("raw", [None, 5, ["hi"], {"text": "hi"}, True])
def test_a_message_that_is_not_text_is_refused(raw):
    exc = refusal(raw)
    assert exc.code == "chat_not_text" and exc.params["field"] == "text"


def test_every_refusal_reads_differently_in_each_language():
    for raw in ("", "x" * 400, "a\nb", 7):
        exc = refusal(raw)
        en, ru = exc.message("en"), exc.message("ru")
        assert en and ru and en != ru and "{" not in en + ru


# ---------------------------------------------------------------- rate limit
class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


def test_a_burst_then_one_message_per_interval():
    clock = Clock()
    limiter = ChatLimiter(rate=0.5, burst=5, clock=clock)
    assert [limiter.take("seat:0") for _ in range(5)] == [0.0] * 5
    wait = limiter.take("seat:0")
    assert wait == pytest.approx(2.0)  # one token comes back every 2 s
    clock.now += 1.0
    assert limiter.take("seat:0") == pytest.approx(1.0)  # a refusal spends nothing
    clock.now += 1.0
    assert limiter.take("seat:0") == 0.0
    assert limiter.take("seat:0") > 0
    clock.now += 60  # a long pause refills the burst, no more
    assert [limiter.take("seat:0") for _ in range(6)].count(0.0) == 5


def test_each_poster_has_a_bucket_of_its_own():
    limiter = ChatLimiter(rate=0.5, burst=2, clock=Clock())
    assert limiter.take("seat:0") == limiter.take("seat:0") == 0.0
    assert limiter.take("seat:0") > 0
    assert limiter.take("seat:1") == 0.0
    assert limiter.take("addr:10.0.0.1") == 0.0


def test_the_limiter_never_grows_without_bound():
    limiter = ChatLimiter(rate=0.5, burst=1, clock=Clock())
    for i in range(ChatLimiter.MAX_KEYS * 3):
        limiter.take(f"addr:{i}")
    assert len(limiter.buckets) <= ChatLimiter.MAX_KEYS


# ---------------------------------------------------------------- history and payload
AT = dt.datetime(2026, 11, 24, 18, 5, 9, 123456, tzinfo=dt.UTC)


def line(i, seat=0, text="hi"):
    return ChatLine(i, seat, text, AT)


def test_history_keeps_the_last_lines_in_order_and_each_once():
    hist = ChatHistory([line(3), line(1), line(2)], size=3)
    assert [x.id for x in hist.lines] == [1, 2, 3]
    assert hist.add(line(5)) is True
    assert hist.add(line(5)) is False  # heard twice (its post and the store's notice)
    assert hist.add(line(4)) is True  # a line another process stored a moment earlier
    assert [x.id for x in hist.lines] == [3, 4, 5]
    assert hist.add(line(2)) is False  # older than everything kept
    assert hist.ids == {3, 4, 5}


def test_a_line_carries_who_when_and_the_text_only():
    names = ["Аня", "Bot 2"]
    msg = chat_message([line(7, 0, "<b>hi</b>"), line(8, None, "go")], names, "en")
    assert msg["type"] == "chat" and msg["history"] is False
    first, second = msg["lines"]
    assert first == {"id": 7, "seat": 0, "name": "Аня", "spectator": False,
                     "at": "2026-11-24T18:05:09Z", "text": "<b>hi</b>"}
    assert second["seat"] is None and second["spectator"] is True
    assert second["name"] == "Spectator"
    ru = chat_message([line(8, None)], names, "ru")["lines"][0]["name"]
    assert ru == "Зритель"
