"""Imperial Settlers: the balance check — faction win rates between equal bots.

    .venv/bin/python benchmarks/imperial_balance.py --games 1000 --bot greedy --out balance.jsonl
    .venv/bin/python benchmarks/imperial_balance.py --report balance.jsonl

Four-player games, the four empires dealt to the seats in a rotating order (every empire
in every seat equally often), every seat the same bot. Each game's row: empires by seat,
scores, winners, the cards each seat built and where its points came from. The report gives
each empire's win rate (95% Wilson interval; a tie shares the win) and, for the reconstructed
cards, how a builder's empire fares with and without the card (which cards drive an
imbalance). Balance is reported, not tuned.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict
from itertools import permutations

import settlers.bots as bots
from settlers.games.imperial import GAME
from settlers.games.imperial.content import EMPIRES
from settlers.games.imperial.scoring import location_points
from settlers.sim.stats import wilson

ORDERS = list(permutations(EMPIRES))


def play(index: int, bot: str, content: dict[str, str] | None = None) -> dict:
    empires = ORDERS[index % len(ORDERS)]
    options = {"empires": ",".join(empires), **(content or {})}
    st = GAME.new_state(players=4, seed=index, options=options)
    players = [bots.make(bot, seed=index * 10 + s) for s in range(4)]
    steps = 0
    while not st.over:
        seat = st.to_act[0]
        st.apply(seat, players[seat].act(st, seat), check=False)
        steps += 1
    return {
        "game": index, "empires": list(empires), "scores": st.scores(), "winners": st.winners(),
        "vp_track": list(st.vp), "location_points": [location_points(st, s) for s in range(4)],
        "built": [[st.cards[c].id for c in st.locs[s]] for s in range(4)],
        "deals": [len(st.deals[s]) for s in range(4)], "steps": steps,
    }


def report(rows: list[dict], top: int = 12) -> str:
    from settlers.games.imperial.content import load_cards
    cards = {c.id: c for c in load_cards()}
    n = len(rows)
    wins: dict[str, float] = defaultdict(float)
    score: dict[str, float] = defaultdict(float)
    for r in rows:
        for s, e in enumerate(r["empires"]):
            score[e] += r["scores"][s] / n
            if s in r["winners"]:
                wins[e] += 1 / len(r["winners"])
    lines = [f"{n} four-player games, every seat the same bot; a tie shares the win.", "",
             "| empire | win rate | 95% Wilson | mean score |", "|---|---:|---|---:|"]
    for e in sorted(EMPIRES, key=lambda e: -wins[e]):
        lo, hi = wilson(wins[e], n)
        lines.append(f"| {e} | {100 * wins[e] / n:.1f}% | {100 * lo:.1f}–{100 * hi:.1f} | "
                     f"{score[e]:.1f} |")
    # For each reconstructed card: the win rate of the seats that built it against the same
    # empire's seats that did not (a card pushing its empire up shows a large lift).
    with_card: dict[str, list[float]] = defaultdict(lambda: [0.0, 0])
    empire_base: dict[str, list[float]] = defaultdict(lambda: [0.0, 0])
    for r in rows:
        for s, e in enumerate(r["empires"]):
            won = (1 / len(r["winners"])) if s in r["winners"] else 0.0
            empire_base[e][0] += won
            empire_base[e][1] += 1
            for cid in set(r["built"][s]):
                key = f"{cid}|{e}"
                with_card[key][0] += won
                with_card[key][1] += 1
    lift = []
    for key, (w, k) in with_card.items():
        cid, e = key.split("|")
        card = cards[cid]
        if not card.reconstructed or k < 20:
            continue
        base_w, base_n = empire_base[e]
        without = (base_w - w) / max(1, base_n - k)
        lift.append((w / k - without, cid, card.name["en"], e, k, w / k, without))
    lift.sort(reverse=True)
    strongest = max(EMPIRES, key=lambda e: wins[e])
    for title, chosen in (
            ("all empires", lift[:top]),
            (f"the strongest empire, {strongest}", [x for x in lift if x[3] == strongest])):
        lines += ["", f"Reconstructed cards with the largest lift, {title} (the builders' win "
                  "rate minus the same empire's win rate without the card; built in ≥ 20 "
                  "games; a lift also reflects that winners build more):", "",
                  "| card | empire | built in | win rate with | without | lift |",
                  "|---|---|---:|---:|---:|---:|"]
        for d, cid, name, e, k, with_rate, without in chosen:
            lines.append(f"| {cid} {name} | {e} | {k} | {100 * with_rate:.0f}% | "
                         f"{100 * without:.0f}% | {100 * d:+.0f} |")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--bot", default="greedy")
    parser.add_argument("--out", default=None)
    parser.add_argument("--report", default=None, help="print the report of a JSONL file")
    parser.add_argument("--cards", default=None, help="a card file (counterfactual runs)")
    parser.add_argument("--boards", default=None, help="an empire-board file")
    args = parser.parse_args()
    if args.report:
        with open(args.report, encoding="utf-8") as f:
            print(report([json.loads(line) for line in f if line.strip()]))
        return 0
    rows = []
    t0 = time.perf_counter()
    for i in range(args.start, args.start + args.games):
        content = {k: v for k, v in (("cards", args.cards), ("boards", args.boards)) if v}
        row = play(i, args.bot, content)
        rows.append(row)
        if args.out:   # appended game by game: a long run can be read while it goes on
            with open(args.out, "a", encoding="utf-8") as out:
                out.write(json.dumps(row) + "\n")
    print(f"{args.games} games in {time.perf_counter() - t0:.0f} s")
    print(report(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
