"""What one seat is sent: built only from ``state.view(seat)`` and that seat's legal actions.

Nothing here reads hidden state directly, so a message to one seat cannot carry another
seat's hidden cards unless the game's own view leaks them (the conformance suite checks that).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from settlers.core.i18n import using_player_names
from settlers.web.fairness import fairness_payload
from settlers.web.i18n import normalize_lang, t
from settlers.web.storage import SeatRecord
from settlers.web.texts import viewer_counts


def seat_name(seat: SeatRecord, lang: str) -> str:
    if seat.name:
        return seat.name
    key = "seat.bot_name" if seat.kind == "bot" else "seat.default_name"
    return t(key, lang, n=seat.seat + 1)


def pauses_unwatched(rec, settings) -> bool:
    """Whether stored game ``rec`` is a live table of bots only whose bots play only while a
    page is open on it (``Settings.pause_unwatched_bots``: Hub.paused) — said in the lobby
    and the API's list, which read the store and cannot see another process's pages."""
    return (bool(getattr(settings, "pause_unwatched_bots", False))
            and rec.status in ("open", "running")
            and all(s.kind == "bot" for s in rec.seats))


def untouched_limit(rec: Any, settings: Any) -> float | None:
    """The seconds after which stored game ``rec``, live and untouched (no move, no page
    open), is stopped (Hub.sweep_idle): ``idle_bot_table_seconds`` for a table of bots only,
    ``idle_table_seconds`` for one with a human seat; None when never, or not live."""
    if rec.status not in ("open", "running"):
        return None
    bots_only = all(s.kind == "bot" for s in rec.seats)
    limit = settings.idle_bot_table_seconds if bots_only else settings.idle_table_seconds
    return float(limit) if limit > 0 else None


def idle_when(seconds: float, lang: str) -> str:
    """When a table untouched for ``seconds`` more is stopped, in ``lang``'s words: whole
    days from two days on, whole hours from one hour on (counted down: never more time than
    is left), then "within the hour" — as the table's page says it (game.js, idleWhen)."""
    if seconds >= 2 * 86400:
        return t("idle.in_days", lang, n=int(seconds // 86400))
    if seconds >= 3600:
        return t("idle.in_hours", lang, n=int(seconds // 3600))
    return t("idle.within_hour", lang)


def stops_note(rec: Any, touched: dt.datetime | None, settings: Any, lang: str,
               now: dt.datetime) -> str | None:
    """What "my games" says of stored game ``rec`` last touched at ``touched`` (a time, or
    None): when it stops unless someone moves or writes (a live table with a person's seat
    and a bound), else None."""
    limit = untouched_limit(rec, settings)
    if limit is None or touched is None or all(s.kind == "bot" for s in rec.seats):
        return None
    left = max(0.0, (touched - now).total_seconds() + limit)
    return t("lobby.mine_stops", lang, when=idle_when(left, lang))


def game_name(game, lang: str) -> str:
    return game.name(normalize_lang(lang))


def seat_parts(room, state, seat: int | None, lang: str, events_since: int = 0) -> tuple:
    """What of ``seat``'s message depends on the state alone: ``(view, actions, log)``.

    Built from ``state.view(seat)`` and the seat's labelled legal actions — the costly part of
    a message. For the published state it is built once per (seat, language, events_since)
    and shared by every page and message that needs it (``Room.parts``). A ``Room`` also
    keeps each log line's text per language and the labels that depend on the action alone
    (``RoomTexts``): those are built once per game, not once per message."""
    texts = getattr(room, "texts", None)
    # the log and the menu name seats as the players table does («Аня», «Бот 2»)
    names = room.names(lang)
    with using_player_names(names):
        if texts is None:
            view = state.view(seat, events_since=events_since, lang=lang)
            # numbered among the seat's own lines, as RoomTexts numbers them
            counts = viewer_counts(state.events, seat)
            view["events"] = [{**e, "i": counts[e["i"]]} for e in view["events"]]
            log = [{"i": e["i"], "text": e["text"]} for e in view["events"]]
        else:  # the same view; its events' texts come from the game's cache
            view = state.view(seat, events_since=len(state.events))
            events, log = texts.events(state, seat, lang, events_since, tuple(names))
            view["events"] = events
        # the menu names seats as the log and the players table do («Предложить сделку: Аня»)
        actions = []
        # (none once the game ended: finished, or stopped at the most moves it may have)
        if seat is not None and not state.over and seat in view["to_act"] and \
                getattr(room, "status", None) != "stopped":
            if texts is None:
                for a in state.legal_actions(seat):
                    actions.append({"action": a.to_json(),
                                    "label": state.describe_action(a, lang)})
            else:
                actions = texts.actions(state, seat, lang)
    return view, actions, log


def log_number(room, state, seat: int | None, events_since: int) -> int:
    """How many of ``state``'s first ``events_since`` events ``seat`` may see."""
    if not events_since:
        return 0
    texts = getattr(room, "texts", None)
    if texts is not None:
        return int(texts.number(state, seat, events_since))
    return viewer_counts(state.events[:events_since], seat)[-1]


def seat_payload(room, state, seat: int | None, lang: str, events_since: int = 0) -> dict:
    """The message for ``seat`` (None: a spectator) about ``state``.

    ``events_since`` (an index into the game's events) = 0 carries the whole visible log; a
    broadcast after an action carries only the events that action produced (the page keeps
    the rest, keyed by their numbers). Lines are numbered among the seat's own (texts.py):
    ``log_from`` is the number of the first line the message may carry, never an index into
    the whole log (whose gaps would show that something hidden from the seat happened)."""
    lang = normalize_lang(lang)
    parts = getattr(room, "parts", None)
    if parts is not None and state is room.state:
        view, actions, log = parts(seat, lang, events_since)
    else:
        view, actions, log = seat_parts(room, state, seat, lang, events_since)
    return {
        "type": "state",
        "id": room.id,
        "game": state.game.id,
        "game_name": game_name(state.game, lang),
        "status": room.status,
        "version": state.version,
        "seat": seat,
        "seats": room.seats_public(lang),
        "view": view,
        "log": log,
        "log_from": log_number(room, state, seat, events_since),
        "actions": actions,
        # what the seat decides now in the game's words, where the game says more than whose
        # move it is (``GameState.decision_text``; '' otherwise): the status names it
        "decision": (state.decision_text(seat, lang) if actions else ""),
        "over": view["over"],
        # the seed's commitment; the seed itself only once the game is over
        "fairness": fairness_payload(room.rec.seed, room.rec.seed_salt,
                                     room.rec.seed_commitment, room.ended),
    }
