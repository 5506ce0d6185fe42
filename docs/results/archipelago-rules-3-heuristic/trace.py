"""Trace the heuristic's phase-5 rounds in 4-heuristic games."""
import sys, time
from collections import Counter
import settlers
from settlers.games.archipelago import cards, markets
from settlers.games.archipelago.heuristic import make_bot
GAME = settlers.load("archipelago")
stats = Counter()
def run(seed, verbose=False):
    bots_ = [make_bot(seed=seed * 4 + s) for s in range(4)]
    st = GAME.new_state(players=4, seed=seed)
    cur = {}
    while not st.over:
        seat = st.to_act[0]
        step = st.step
        if step == "round" and seat == st.actor:
            rnd = dict(st.round)
            discs_left = st.discs[seat] - st.discs_used[seat]
            cardopts = cards.options(st, seat)
            mk = markets.building_options(st, seat)
        a = bots_[seat].act(st, seat)
        if step == "round" and seat == st.actor:
            if verbose:
                print(f"t{st.turn} s{seat} rnd={ {k:v for k,v in rnd.items() if k!='seat'} } discs_left={discs_left} cards={len(cardopts)} mk={len(mk)} -> {a}")
            if a.kind == "end_round":
                nothing = not (rnd.get('disc') or rnd.get('card') or rnd.get('building'))
                if nothing:
                    stats['pass'] += 1
                    stats['pass_discs_left'] += discs_left
                    if discs_left: stats['pass_with_discs'] += 1
                    if cardopts: stats['pass_with_cardopts'] += 1
                    if mk: stats['pass_with_market'] += 1
                else:
                    kind = ('D' if rnd.get('disc') else '') + ('C' if rnd.get('card') else '') + ('M' if rnd.get('building') else '')
                    stats['round_' + kind] += 1
                    if not rnd.get('disc') and discs_left: stats['nodisc_round_with_discs_left'] += 1
        st.apply(seat, a, check=False)
    return st
t=time.time()
for seed in range(int(sys.argv[1]), int(sys.argv[2])):
    st = run(seed, verbose=len(sys.argv) > 3)
    print(seed, st.ended_by, st.turn, st.version, st.winners(), round(time.time()-t,1), flush=True)
print(dict(stats))
