"""``settlers play``: a game in the terminal, people and bots in the seats."""

from __future__ import annotations

import secrets
from pathlib import Path

import typer

from settlers.cli.seats import default_seats, parse_seats
from settlers.cli.terminal import QuitGame, TerminalGame
from settlers.core import get_language, load, load_state, translate
from settlers.core.options import parse_option_pairs


def register(app: typer.Typer) -> None:
    @app.command("play", help=translate("cli.play.help_text"))
    def play(
        game_id: str = typer.Argument("catan", metavar="GAME", help=translate("cli.opt.game")),
        seats: str = typer.Option(None, "--seats", help=translate("cli.opt.seats")),
        players: int = typer.Option(None, "--players", "-n",
                                    help=translate("cli.opt.players")),
        seed: int = typer.Option(None, "--seed", help=translate("cli.opt.seed")),
        option: list[str] = typer.Option([], "--option", "-o",
                                         help=translate("cli.opt.option")),
        load_path: Path = typer.Option(None, "--load", help=translate("cli.opt.load")),
        bot_delay: float = typer.Option(0.0, "--bot-delay",
                                        help=translate("cli.opt.bot_delay")),
        save_dir: Path = typer.Option(Path("saves"), "--save-dir",
                                      help=translate("cli.opt.save_dir")),
        show_forced: bool = typer.Option(False, "--show-forced",
                                         help=translate("cli.opt.show_forced")),
    ) -> None:
        lang = get_language()
        if load_path is not None:
            state = load_state(load_path)
            seed_value = state.seed
        else:
            game = load(game_id)
            # the seed decides every roll and deck: drawn from 63 bits (a small range would be
            # found again from the public start position) and shown only when the game ends
            seed_value = seed if seed is not None else secrets.randbits(63)
            if players is None:
                if seats:
                    count = len([w for w in seats.split(",") if w.strip()])
                    players = count if count > 1 else game.max_players
                else:
                    players = game.max_players
            state = game.new_state(players, seed_value, parse_option_pairs(option))
        seat_list = parse_seats(seats or default_seats(state.game.id, state.players),
                                state.players,
                                seed_value)
        if len(seat_list) != state.players:
            raise typer.BadParameter(translate("cli.seats_count", given=len(seat_list),
                                               players=state.players))
        kinds = ", ".join(s.kind for s in seat_list)
        if seed is not None or not any(s.human for s in seat_list):
            # a seed the person typed is theirs already; nobody at the table to hide it from
            typer.echo(translate("cli.play.starting", game=state.game.name(lang),
                                 seed=seed_value, seats=kinds))
        else:
            typer.echo(translate("cli.play.starting_hidden", game=state.game.name(lang),
                                 seats=kinds))
        session = TerminalGame(state, seat_list, lang, bot_delay=bot_delay, save_dir=save_dir,
                               show_forced=show_forced)
        try:
            session.run()
        except (KeyboardInterrupt, EOFError, QuitGame):
            raise typer.Exit(130) from None
