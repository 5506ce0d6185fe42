"""Markdown tables of benchmark and tournament results (for docs/results and the README).

Headings come from the `sim.*` catalogs, so the tables exist in Russian and English.
"""

from __future__ import annotations

import contextlib
from typing import Any

from settlers.core import UnknownGame, load, translate
from settlers.core.numbers import (
    format_number,
    format_percent,
    format_percent_range,
    format_range,
)


def machine_line(info: dict[str, Any], lang: str = "en") -> str:
    load = info.get("load", "?")
    # a figure, written as the language writes one («13,1»); "?" where none was read
    with contextlib.suppress(TypeError, ValueError):
        load = format_number(float(load), lang, 1)
    text = translate("sim.report.machine", lang, cpu=info["cpu"], cores=info["cores"],
                     python=info["python"], system=info["system"], load=load)
    try:
        busy = float(info.get("load", 0)) > 0.75 * info["cores"]
    except ValueError:
        busy = False
    return text + (" " + translate("sim.report.loaded", lang) if busy else "")


def game_name(game_id: str, lang: str) -> str:
    """A game's name in ``lang`` (its id where no game has it: a report of a game since
    removed)."""
    try:
        return load(game_id).name(lang)
    except UnknownGame:
        return game_id


def _table(headers: list[str], rows: list[list[str]], right_from: int = 1) -> str:
    align = ["---" if i < right_from else "---:" for i in range(len(headers))]
    lines = ["| " + " | ".join(headers) + " |", "|" + "|".join(align) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines) + "\n"


def throughput_markdown(results: list[Any], info: dict[str, Any], lang: str = "en") -> str:
    headers = [translate(k, lang) for k in (
        "sim.col.game", "sim.col.players", "sim.col.games", "sim.col.games_per_s",
        "sim.col.actions_per_s", "sim.col.actions_per_game", "sim.col.peak_rss")]
    rows = [[game_name(r.game, lang), str(r.players), format_number(r.games, lang),
             format_number(r.games_per_s, lang, 2),
             format_number(r.actions_per_s, lang, 0, grouping=True),
             format_number(r.actions_per_game, lang, 1),
             format_number(r.peak_rss_mb, lang, 0)]
            for r in results]
    unfinished = [f"{game_name(r.game, lang)}: {r.unfinished}" for r in results if r.unfinished]
    note = (translate("sim.report.unfinished", lang, games=", ".join(unfinished)) + "\n"
            if unfinished else "")
    return (f"### {translate('sim.bench.throughput_title', lang)}\n\n"
            f"{machine_line(info, lang)}\n\n{translate('sim.report.throughput_note', lang)}\n\n"
            + _table(headers, rows) + note)


def latency_markdown(results: list[Any], info: dict[str, Any], lang: str = "en",
                     cpu: bool = False) -> str:
    """The latency table; ``cpu``: the times are CPU time of the deciding process
    (``measure_latency(clock=time.process_time)``, benchmarks/latency.py), not wall time."""
    headers = [translate(k, lang) for k in (
        "sim.col.game", "sim.col.bot", "sim.col.budget", "sim.col.players",
        "sim.col.decisions", "sim.col.mean_ms", "sim.col.median_ms", "sim.col.p99_ms",
        "sim.col.max_ms")]
    rows = [[game_name(r.game, lang), r.bot, r.budget, str(r.players), format_number(r.decisions, lang),
             format_number(r.mean_ms, lang, 2), format_number(r.median_ms, lang, 2),
             format_number(r.p99_ms, lang, 2), format_number(r.max_ms, lang, 1)]
            for r in results]
    title = translate("sim.report.latency_title_cpu" if cpu else "sim.bench.latency_title", lang)
    return (f"### {title}\n\n"
            f"{machine_line(info, lang)}\n\n{translate('sim.report.latency_note', lang)}\n\n"
            + _table(headers, rows, right_from=3))


def strength_markdown(matches: list[dict[str, Any]], info: dict[str, Any],
                      lang: str = "en") -> str:
    """`matches`: dicts with game, seats (line-up text), games, bot, seat_games, win_rate, ci95,
    mean_score, failed — one per bot of each match."""
    headers = [translate(k, lang) for k in (
        "sim.col.game", "sim.col.lineup", "sim.col.games", "sim.col.bot", "sim.col.win_rate",
        "sim.col.ci95", "sim.col.mean_score", "sim.col.failed")]
    rows = []
    for m in matches:
        low, high = m["ci95"]
        rows.append([game_name(m["game"], lang), f"`{m['seats']}`", format_number(m["games"], lang), m["bot"],
                     format_percent(m["win_rate"], lang), format_percent_range(low, high, lang),
                     format_number(m["mean_score"], lang, 2), format_number(m["failed"], lang)])
    return (f"### {translate('sim.report.strength_title', lang)}\n\n"
            f"{machine_line(info, lang)}\n\n{translate('sim.report.strength_note', lang)}\n\n"
            + _table(headers, rows, right_from=4))


def ladder_markdown(result: Any, info: dict[str, Any], lang: str = "en",
                    command: str = "") -> str:
    """The ladder of one game: ratings (best first), then the head-to-head win rates."""
    headers = [translate(k, lang) for k in (
        "sim.col.rank", "sim.col.bot", "sim.col.rating", "sim.col.rating_ci",
        "sim.col.matches")]
    rows = []
    for place, rating in enumerate(result.ratings, 1):
        low, high = rating.interval
        rows.append([str(place), f"`{rating.bot}`", format_number(rating.mu, lang, 1),
                     format_range(low, high, lang), format_number(rating.games, lang)])
    head_headers = [translate(k, lang) for k in (
        "sim.col.bot", "sim.col.against", "sim.col.games", "sim.col.win_rate",
        "sim.col.ci95", "sim.col.parity")]
    parity = 1.0 / result.players
    head_rows = []
    for head in sorted(result.heads.values(), key=lambda h: (h.bot, h.field)):
        low, high = head.interval
        head_rows.append([f"`{head.bot}`", f"{result.players - 1} × `{head.field}`",
                          format_number(head.games, lang), format_percent(head.win_rate, lang),
                          format_percent_range(low, high, lang),
                          format_percent(parity, lang, 0)])
    text = (f"### {translate('sim.ladder.title', lang, game=game_name(result.game, lang))}\n\n"
            f"{machine_line(info, lang)}\n\n"
            + translate("sim.ladder.explain", lang, players=result.players,
                        games=result.per_pairing, seed=result.seed) + " "
            + translate("sim.ladder.explain_more", lang, column=head_headers[2]) + "\n\n"
            + _table(headers, rows, right_from=2) + "\n"
            + _table(head_headers, head_rows, right_from=2))
    if result.failed:
        text += "\n" + translate("sim.ladder.failed", lang, failed=result.failed) + "\n"
    unplayed = unplayed_pairings(result.bots, [(h.bot, h.field) for h in result.heads.values()])
    if unplayed:
        pairs = ", ".join(f"`{a}` – `{b}`" for a, b in unplayed)
        text += "\n" + translate("sim.ladder.unplayed", lang, pairs=pairs) + "\n"
    text += "\n" + translate("sim.ladder.totals", lang, games=format_number(result.games, lang),
                             hours=format_number(result.seconds / 3600, lang, 2)) + "\n"
    if command:
        text += "\n" + translate("sim.ladder.command", lang, command=command) + "\n"
    return text


def unplayed_pairings(bots: list[str], heads: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The pairs of ``bots`` (in ladder order) with no head-to-head result in either
    direction: a ladder stopped early, or run with a limit of 0 games for a bot."""
    met = {frozenset(pair) for pair in heads}
    return [(a, b) for i, a in enumerate(bots) for b in bots[i + 1:]
            if frozenset((a, b)) not in met]


def pairing_counts(data: dict[str, Any]) -> dict[frozenset[str], int]:
    """Counted games per pairing of a ladder JSON (both directions; failed games, which the
    ladder replaces or plays again, left out), 0 for a pairing of its bots that has none."""
    bots = data["bots"]
    counts = {frozenset((a, b)): 0 for i, a in enumerate(bots) for b in bots[i + 1:]}
    for h in data["head_to_head"]:
        key = frozenset((h["bot"], h["field"]))
        games = h["games"]
        # two seats: both directions count the same games; more: each direction its own half
        counts[key] = (max(counts.get(key, 0), games) if data["players"] == 2
                       else counts.get(key, 0) + games)
    return counts


def ladders_summary_markdown(ladders: list[dict[str, Any]], lang: str = "en") -> str:
    """One line per game from ladder JSON files (``LadderResult.to_json``): the bots best
    first, each with its TrueSkill mu and interval, and the games per pairing."""
    width = max((len(data["ratings"]) for data in ladders), default=0)
    headers = [translate("sim.col.game", lang), translate("sim.col.players", lang),
               translate("sim.col.games_per_pairing", lang)]
    headers += [translate("sim.col.place", lang, place=k) for k in range(1, width + 1)]
    rows = []
    for data in ladders:
        counts = sorted(set(pairing_counts(data).values()))
        per = "–".join(str(c) for c in ([counts[0], counts[-1]] if len(counts) > 1 else counts))
        cells = [f"`{r['bot']}` {format_number(r['mu'], lang, 1)} "
                 f"({format_range(r['ci95'][0], r['ci95'][1], lang)})"
                 for r in data["ratings"]]
        rows.append([game_name(data["game"], lang), str(data["players"]), per]
                    + cells + [""] * (width - len(cells)))
    return _table(headers, rows, right_from=99)
