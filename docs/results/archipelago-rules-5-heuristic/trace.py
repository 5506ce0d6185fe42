"""Trace card uses and strait builds of the heuristic in 4-heuristic self-play."""
import sys, time
from collections import Counter
import settlers  # run from the worktree root with PYTHONPATH=src
from settlers.games.archipelago import cards as C, heuristic as H, building
from settlers.games.archipelago.actions import UseCard, Build
G = settlers.load("archipelago")
stats = Counter(); times = []
examples = []
for g in range(int(sys.argv[1]), int(sys.argv[2])):
    bots = [H.make_bot(seed=g * 4 + s) for s in range(4)]
    st = G.new_state(players=4, seed=5000 + g)
    while not st.over:
        seat = st.to_act[0]
        t = time.perf_counter(); a = bots[seat].act(st, seat); times.append(time.perf_counter() - t)
        if st.step == "round" and seat == st.actor:
            legal = st.legal_actions(seat)
            if any(isinstance(x, Build) and x.by in building.BY_SHORE for x in legal):
                stats["round with shore builds"] += 1
                if isinstance(a, Build) and a.by in building.BY_SHORE:
                    stats["chose shore build " + a.by] += 1
            if isinstance(a, UseCard):
                owner, _ = C.find(st, st.content.card_index(a.card))
                stats["use own" if owner == seat else "use other's"] += 1
                if owner != seat:
                    c = st.content.cards[st.content.card_index(a.card)]
                    stats["florins to others"] += c.cost_f + 1
                    examples.append((g, st.turn, seat, owner, a.card, c.effect, c.cost_f + 1))
            if a.kind == "end_round" and not st.round.get("disc") and not st.round.get("card"):
                stats["pass"] += 1
                if any(isinstance(x, UseCard) for x in legal):
                    stats["pass with a card usable"] += 1
        st.apply(seat, a, check=False)
print(dict(stats))
times.sort(); n = len(times)
print("decisions", n, "mean ms %.2f p50 %.2f p99 %.2f max %.1f" % (1000*sum(times)/n, 1000*times[n//2], 1000*times[int(n*.99)], 1000*times[-1]))
from collections import Counter as K
print(K(e[5] for e in examples).most_common())
print(examples[:15])
