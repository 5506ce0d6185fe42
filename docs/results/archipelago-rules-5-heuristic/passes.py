"""At the heuristic's passes (a round ended with nothing done) with a usable card: each card's
best score over its choices (value after its use and the greedy follow-up, less before)."""
import sys
from collections import Counter, defaultdict
import settlers  # run from the worktree root with PYTHONPATH=src
from settlers.games.archipelago import cards as C, heuristic as H
from settlers.games.archipelago.actions import UseCard
G = settlers.load("archipelago")
by_eff = defaultdict(list)
for g in range(int(sys.argv[1]), int(sys.argv[2])):
    bots = [H.make_bot(seed=g * 4 + s) for s in range(4)]
    st = G.new_state(players=4, seed=5000 + g)
    while not st.over:
        seat = st.to_act[0]
        a = bots[seat].act(st, seat)
        if st.step == "round" and seat == st.actor and a.kind == "end_round" and not st.round.get("disc") and not st.round.get("card"):
            world = st.determinize(seat, bots[seat].seed * 100_003 + st.version)
            base = H.value(world, seat)
            best = {}
            for x in st.legal_actions(seat):
                if isinstance(x, UseCard):
                    owner, _ = C.find(st, st.content.card_index(x.card))
                    c = st.content.cards[st.content.card_index(x.card)]
                    after, _ = bots[seat].outcome(world, seat, x, 200)
                    money_crit = "money" in H.own_criteria(world, seat)
                    row = (round(after - base, 2), c.cost_f + (owner != seat), owner == seat, money_crit)
                    if c.effect not in best or row[0] > best[c.effect][0]:
                        best[c.effect] = row
            for eff, row in best.items():
                by_eff[eff].append(row)
        st.apply(seat, a, check=False)
for eff, rows in sorted(by_eff.items(), key=lambda kv: -len(kv[1])):
    gains = sorted(r[0] for r in rows)
    print(f"{eff:22s} n={len(rows):3d} own={sum(r[2] for r in rows):3d} moneycrit={sum(r[3] for r in rows):3d} fee~{sum(r[1] for r in rows)/len(rows):.1f} gain median {gains[len(gains)//2]:.2f} min {gains[0]:.2f} max {gains[-1]:.2f}")
