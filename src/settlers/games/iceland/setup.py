"""Set-up: the frame, the outer sea hex, the central mountain, cards and the first boats.

"Соберите из шести крайних частей шестиугольную рамку. Разместите один гекс моря снаружи и гекс
горы посредине ... Одна из лодок каждого игрока помещается на внешнем гексе моря. Каждый игрок
получает по две карты каждого вида ресурсов и затем тянет карту судьбы до тех пор, пока не
появится карта с надписью «Исследование» ... Оставшиеся и сброшенные карты судьбы хорошо
перемешиваются." The first player is chosen at random. The card each player keeps was drawn in
the open, so its identity is public until it is played.
"""

from __future__ import annotations

from settlers.core.content_faults import shown, unforeseen_shapes
from settlers.core.content_sets import resolve as resolve_content
from settlers.core.errors import InvalidOption
from settlers.core.i18n import LANGUAGES
from settlers.core.user_files import UnreadableFile, shown_name
from settlers.games.iceland.board import LOST, OUTER, SUPPLY, board_for
from settlers.games.iceland.content import UNKNOWN, ContentError, load_content
from settlers.games.iceland.pieces import PIECES_PER_SEAT, seat_boats, seat_horses
from settlers.games.iceland.state import ROLL, IcelandState


def setup(s: IcelandState) -> None:
    data_dir = resolve_content("iceland", "data_dir", s.options.get("data_dir"))

    folder = shown(shown_name(data_dir), 200) if data_dir else ""

    def refusal(error: dict[str, str]) -> InvalidOption:
        return InvalidOption("iceland.error.data_dir", path=folder, error=error)

    # a user's folder that cannot be read or does not hold valid data (its JSON, its fields):
    # named as a bad option, not a traceback, in the reader's language — once: a file that
    # cannot be read is named by its own path, a fault by the folder and the file
    with unforeseen_shapes(refusal):
        try:
            s.c = c = load_content(data_dir)
        except UnreadableFile:
            raise
        except ContentError as exc:
            raise InvalidOption("iceland.content.bad_in_folder", path=folder,
                                file=exc.params["file"], problem=exc.params["problem"]) from None
        except InvalidOption as exc:
            raise refusal({lang: exc.message(lang) for lang in LANGUAGES}) from None
    s.b = b = board_for(c.board_radius)
    n = s.players
    s.terrain = [UNKNOWN] * b.size
    s.terrain[b.centre] = c.centre
    s.number = [0] * b.size
    s.harbour = [-1] * b.size
    s.occupant = [-1] * b.size
    s.house_owner = [-1] * b.corner_count
    s.house_level = [0] * b.corner_count
    s.pos = [SUPPLY] * (n * PIECES_PER_SEAT)
    for seat in range(n):
        s.pos[seat_boats(seat)[0]] = OUTER
        # a set with fewer pieces (rules.json pieces): the others are out of the game
        for p in [*seat_boats(seat)[c.pieces["boat"]:], *seat_horses(seat)[c.pieces["horse"]:]]:
            s.pos[p] = LOST
    s.terrain_pool = list(c.terrain_counts)
    s.number_pool = dict(c.number_counts)
    s.harbour_pool = list(c.harbour_counts)
    s.hands = [[c.start_cards] * 4 for _ in range(n)]
    s.bank = [c.bank_per_resource - n * c.start_cards] * 4
    s.white = [0] * n
    s.red_won = [0] * n
    s.black = [0] * n
    s.red_tokens = {}
    # fate cards: each player draws until an Exploration card turns up
    deck = list(c.fate_deck)
    s.rng.shuffle(deck)
    set_aside: list[str] = []
    s.fate = [[] for _ in range(n)]
    s.fate_public = [[] for _ in range(n)]
    for seat in range(n):
        while True:
            card = deck.pop()
            if c.fate_cards[card].label == "exploration":
                s.fate[seat].append(card)
                s.fate_public[seat].append(card)
                break
            set_aside.append(card)
    deck.extend(set_aside)
    s.rng.shuffle(deck)
    s.deck = deck
    s.discard = []
    s.current = s.rng.randrange(n)
    s.turn = 0
    s.first_turn = [True] * n
    s.phase = ROLL
    s.dice = None
    s.reset_turn()
    s.al = None
    s.finished = False
    s.emit("iceland.event.setup", seat=s.current)
