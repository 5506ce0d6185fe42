"""4 new heuristics self-play; at each round decision, what the old (aside=0) would choose."""
import sys, time
from collections import Counter
import settlers  # run from the worktree root with PYTHONPATH=src
from settlers.games.archipelago import heuristic as H, cards as C
G = settlers.load("archipelago")
class Old(H.ArchipelagoBot):
    @staticmethod
    def aside(world, seat, action):
        return 0.0
diff = Counter(); n = 0; ex = []
for g in range(int(sys.argv[1]), int(sys.argv[2])):
    newb = [H.make_bot(seed=g * 4 + s) for s in range(4)]
    oldb = [Old(seed=g * 4 + s) for s in range(4)]
    st = G.new_state(players=4, seed=7000 + g)
    while not st.over:
        seat = st.to_act[0]
        a = newb[seat].act(st, seat)
        if st.step == "round" and seat == st.actor:
            n += 1
            b = oldb[seat].act(st, seat)
            if a != b:
                diff[(b.kind, a.kind)] += 1
                if len(ex) < 12: ex.append((g, st.turn, seat, str(b), str(a), st.money[seat]))
        st.apply(seat, a, check=False)
print("round decisions", n, "differ", sum(diff.values()), dict(diff))
for e in ex: print(e)
