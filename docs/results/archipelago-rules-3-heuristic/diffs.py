"""Where the new heuristic's round choices differ from the old one's, in 4-new-heuristic games."""
import sys
from collections import Counter
sys.argv = sys.argv[:1] + sys.argv[1:]
import sim_variants as V
import settlers
from settlers.games.archipelago.cards import FLAG_EFFECTS
G = settlers.load("archipelago")
diff = Counter(); n = 0; flag_uses = Counter()
for g in range(int(sys.argv[1]), int(sys.argv[2])):
    newb = [V.new.make_bot(seed=g * 4 + s) for s in range(4)]
    oldb = [V.old.make_bot(seed=g * 4 + s) for s in range(4)]
    st = G.new_state(players=4, seed=1000 + g)
    while not st.over:
        seat = st.to_act[0]
        a = newb[seat].act(st, seat)
        if st.step == "round" and seat == st.actor:
            n += 1
            b = oldb[seat].act(st, seat)
            if a != b:
                diff[(b.kind, a.kind)] += 1
            if a.kind == "use_card":
                eff = st.content.cards[st.content.card_index(a.card)].effect
                if eff in FLAG_EFFECTS:
                    flag_uses[eff] += 1
        st.apply(seat, a, check=False)
print("round decisions", n, "differ", sum(diff.values()))
for k, v in diff.most_common(): print(k, v)
print("flag uses", dict(flag_uses))
