"""A game's definition: its id, names, player counts, options and actions, and the class of
its states (it creates them, so it sits above ``state.py``; states see it through
``settlers.core.definition.GameDefinition``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from settlers.core.actions import Action, ActionCodec
from settlers.core.definition import GameInvariants
from settlers.core.errors import IllegalAction, InvalidOption
from settlers.core.i18n import LANGUAGES, catalog, get_language, register_namespace
from settlers.core.options import Option, resolve_options
from settlers.core.state import GameState


@dataclass(frozen=True)
class ConformancePlan:
    """How the shared conformance suite exercises a game in CI: player counts × option sets,
    plus ``extra`` (players, options) cases that do not fit the product (e.g. a solo mode with
    its own options), how many seeded games each, and a cap on steps per game."""

    players: tuple[int, ...] = ()
    options: tuple[Mapping[str, Any], ...] = ({},)
    extra: tuple[tuple[int, Mapping[str, Any]], ...] = ()
    games: int = 3
    max_steps: int = 20_000
    view_check_every: int = 1


@dataclass(frozen=True)
class Game:
    """A game's definition. Its ``names`` and ``descriptions`` (language -> text) are, when not
    given, the ``<id>.game.name`` and ``<id>.game.description`` messages of its package's
    catalogs, like every other word the game shows."""

    id: str
    min_players: int
    max_players: int
    state_class: type[GameState]
    action_classes: Sequence[type[Action]]
    names: Mapping[str, str] = field(default_factory=dict)
    options: Sequence[Option] = ()
    package: str | None = None
    descriptions: Mapping[str, str] = field(default_factory=dict)
    conformance: ConformancePlan = field(default_factory=ConformancePlan)
    # what holds in every state (its ``invariants`` module: ``problems``, ``recomputed_scores``),
    # checked by the shared conformance suite, the playout tests and the verification runs
    # (settlers.core.invariants)
    invariants: GameInvariants | None = None
    # the rules this engine plays, as a label (a date) changed whenever a rules change can make
    # an old log replay differently: saves and results rows carry it, so a save that no longer
    # replays is refused with both labels named instead of as a corrupt file (saves.py)
    rules_version: str = "1"
    action_types: frozenset[type[Action]] = field(init=False, repr=False, compare=False)
    _codec: ActionCodec = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        codec = ActionCodec(self.id, self.action_classes)
        object.__setattr__(self, "_codec", codec)
        object.__setattr__(self, "action_types", frozenset(self.action_classes))
        if self.package is not None:
            register_namespace(self.id, self.package)
            for attr, key in (("names", "name"), ("descriptions", "description")):
                if not getattr(self, attr):
                    object.__setattr__(self, attr, _catalog_texts(self.package,
                                                                  f"{self.id}.game.{key}"))

    # -------------------------------------------------------------------- creation
    def new_state(self, players: int, seed: int = 0,
                  options: Mapping[str, Any] | None = None) -> GameState:
        """A new game; raises InvalidOption for a bad player count, seed or option."""
        if type(players) is not int or not self.min_players <= players <= self.max_players:
            raise InvalidOption("core.bad_player_count", game=self.label(), players=players,
                                minimum=self.min_players, maximum=self.max_players)
        if type(seed) is not int:
            raise InvalidOption("core.bad_seed", value=seed)
        state = self.state_class(self, players, seed, self.resolve_options(options))
        state.setup()
        return state

    def resolve_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        return resolve_options(self.label(), self.options, options)

    def action_from_json(self, obj: Any) -> Action:
        """The action described by ``obj`` (a dict or JSON text); MalformedAction otherwise."""
        return self._codec.decode(obj)

    def bad_field(self, action: Action) -> dict[str, Any] | None:
        """For an action of this game made in Python: the parameters of core.action_bad_field
        naming a field JSON could not carry (see ``ActionCodec.bad_field``), or None."""
        return self._codec.bad_field(action)

    def replay(self, players: int, seed: int, options: Mapping[str, Any] | None,
               log: Iterable[tuple[int, Any]], check: bool = True) -> GameState:
        """Rebuild a game from its log; entries may be Actions or their JSON forms."""
        state = self.new_state(players, seed, options)
        state.apply_log(log, check=check)
        return state

    # ---------------------------------------------------------------- description
    def name(self, lang: str | None = None) -> str:
        code = lang or get_language()
        return self.names.get(code) or self.names.get("en") or self.id

    def label(self) -> Mapping[str, str] | str:
        """The game's names by language, for a message's ``{game!l}`` (rendered in the
        reader's language when the message is shown); the id for a game without names."""
        return dict(self.names) or self.id

    def info(self, lang: str | None = None) -> dict[str, Any]:
        """A JSON-able description for listings (CLI ``games``, the web lobby)."""
        code = lang or get_language()
        return {
            "id": self.id,
            "name": self.name(code),
            "names": dict(self.names),
            "description": self.descriptions.get(code, ""),
            "min_players": self.min_players,
            "max_players": self.max_players,
            "options": [
                {"name": o.name, "default": o.default, "type": o.value_type.__name__,
                 "choices": list(o.choices) if o.choices is not None else None,
                 "minimum": o.minimum, "maximum": o.maximum,
                 "help": o.help or f"{self.id}.option.{o.name}",
                 "choice_labels": o.choice_labels(self.id, code)}
                for o in self.options
            ],
        }


def _catalog_texts(package: str, key: str) -> dict[str, str]:
    """``key`` in every language whose catalog of ``package`` has it."""
    texts = {lang: catalog(package, lang).get(key) for lang in LANGUAGES}
    return {lang: text for lang, text in texts.items() if text}


__all__ = ["ConformancePlan", "Game", "IllegalAction"]
