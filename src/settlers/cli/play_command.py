"""``settlers play``: a game in the terminal, people and bots in the seats."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

import typer

from settlers.cli.seats import Seat, default_seats, parse_seats, seat_specs, seat_word
from settlers.cli.terminal import QuitGame, TerminalGame
from settlers.core import (
    GameState,
    InvalidOption,
    game_ids,
    get_language,
    load,
    read_record,
    state_from_record,
    translate,
)
from settlers.core.options import parse_option_pairs
from settlers.core.user_files import check_writable_folder

DEFAULT_GAME = "catan"


def register(app: typer.Typer) -> None:
    @app.command("play", help=translate("cli.play.help_text"))
    def play(
        game_id: str = typer.Argument(None, metavar=translate("cli.metavar.game"),
                                      show_default=False,
                                      help=translate("cli.opt.play_game", games=", ".join(game_ids()),
                                                     game=DEFAULT_GAME)),
        seats: str = typer.Option(None, "--seats", metavar=translate("cli.metavar.seats"),
                                  help=translate("cli.opt.seats")),
        players: int = typer.Option(None, "--players", "-n",
                                    help=translate("cli.opt.players")),
        seed: int = typer.Option(None, "--seed", help=translate("cli.opt.seed")),
        option: list[str] = typer.Option([], "--option", "-o",
                                         metavar=translate("cli.metavar.option"),
                                         help=translate("cli.opt.option")),
        load_path: Path = typer.Option(None, "--load", metavar=translate("cli.metavar.file"),
                                        help=translate("cli.opt.load")),
        bot_delay: float = typer.Option(0.0, "--bot-delay", min=0.0,
                                        metavar=translate("cli.metavar.seconds"),
                                        help=translate("cli.opt.bot_delay")),
        save_dir: Path = typer.Option(Path("saves"), "--save-dir",
                                      metavar=translate("cli.metavar.folder"),
                                      help=translate("cli.opt.save_dir")),
        show_forced: bool = typer.Option(False, "--show-forced",
                                         help=translate("cli.opt.show_forced")),
    ) -> None:
        lang = get_language()
        saved_seats: str | None = None
        if load_path is not None:
            state, saved_seats = continued_game(load_path, game_id, players, seed, option)
            seed_value = state.seed
        else:
            game = load(game_id or DEFAULT_GAME)
            # the seed decides every roll and deck: drawn from 63 bits (a small range would be
            # found again from the public start position) and shown only when the game ends
            seed_value = seed if seed is not None else secrets.randbits(63)
            if players is None:
                words = [w.strip() for w in (seats or "").split(",") if w.strip()]
                players = len(words) if len(words) > 1 else game.max_players
                if not game.min_players <= players <= game.max_players:
                    # the count came from --seats: say so, and a list that fits (a misspelt
                    # seat refused first, or the example would copy it)
                    seat_specs(words)
                    fits = min(max(players, game.min_players), game.max_players)
                    raise InvalidOption("cli.play.seats_players", given=players,
                                        seats=", ".join(words), game=game.names or game.id,
                                        minimum=game.min_players, maximum=game.max_players,
                                        example=",".join((words + words[-1:] * fits)[:fits]))
            elif not game.min_players <= players <= game.max_players:
                raise InvalidOption("cli.play.players_range", players=players,
                                    game=game.names or game.id, minimum=game.min_players,
                                    maximum=game.max_players)
            state = game.new_state(players, seed_value, parse_option_pairs(option))
        seat_list = parse_seats(seats or saved_seats or default_seats(state.game.id,
                                                                      state.players),
                                state.players,
                                seed_value, state.game.id)
        # a save folder that cannot hold a save is refused now, not when the game is saved
        check_writable_folder(save_dir)
        announce(state, seat_list, seed, lang)
        if len(seat_list) > 1 and all(s.human for s in seat_list) and one_name(seats):
            # «--seats human» filled every seat: say so, and how to play against bots
            typer.echo(translate("cli.play.all_humans", players=len(seat_list),
                                 example=default_seats(state.game.id, state.players)))
        session = TerminalGame(state, seat_list, lang, bot_delay=bot_delay, save_dir=save_dir,
                               show_forced=show_forced)
        try:
            session.run()
        except QuitGame:
            raise typer.Exit(0) from None
        except (KeyboardInterrupt, EOFError):
            # an interrupt (or the end of input) the person answered by saving is a normal
            # end, as «q» is; left unsaved, it is the interrupt's 130
            raise typer.Exit(0 if session.saved_every_move() else 130) from None


def continued_game(path: Path, game_id: str | None, players: int | None, seed: int | None,
                   option: list[str]) -> tuple[GameState, str | None]:
    """The unfinished game saved at ``path`` and the seats it was played with (None if the
    save names no person's seat: a bots' game, or one exported from simulation results).

    The game, its players, seed and options are the save's: a command line that names others
    is refused rather than silently ignored."""
    given = [name for name, value in (("--players", players), ("--seed", seed),
                                      ("--option", option or None)) if value is not None]
    if given:
        raise InvalidOption("cli.play.load_fixed", options=", ".join(given))
    record = read_record(path)
    state = state_from_record(record, str(path))
    if game_id is not None and load(game_id).id != state.game.id:
        raise InvalidOption("cli.play.load_other_game", path=str(path),
                            saved=dict(state.game.names), asked=dict(load(game_id).names))
    if state.over:
        raise InvalidOption("cli.play.load_finished", path=str(path))
    return state, seats_of(record.get("meta"), state.players)


def seats_of(meta: Any, players: int) -> str | None:
    """The seat list a terminal game was saved with, if it had a person at the table."""
    kinds = meta.get("seats") if isinstance(meta, dict) else None
    if (isinstance(kinds, list) and len(kinds) == players
            and all(isinstance(k, str) for k in kinds) and "human" in kinds):
        return ",".join(kinds)
    return None


def one_name(seats: str | None) -> bool:
    """Whether ``--seats`` named one seat kind, which fills every seat."""
    return seats is not None and len([w for w in seats.split(",") if w.strip()]) == 1


def announce(state: GameState, seats: list[Seat], seed: int | None, lang: str) -> None:
    kinds = ", ".join(seat_word(s, lang) for s in seats)
    if seed is not None or not any(s.human for s in seats):
        # a seed the person typed is theirs already; nobody at the table to hide it from
        typer.echo(translate("cli.play.starting", game=state.game.name(lang),
                             seed=state.seed, seats=kinds))
    else:
        typer.echo(translate("cli.play.starting_hidden", game=state.game.name(lang),
                             seats=kinds))
