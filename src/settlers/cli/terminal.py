"""Playing a game in the terminal: the board, a numbered action menu, bots in other seats.

A person answers with the number of an action, with the JSON of an action, with a word that
filters the menu, or with a command: ``?`` help, ``b`` board, ``l`` log, ``s`` save, ``q`` quit
(and ``c``, what the cards do, in a game that describes its cards).
Ctrl-C offers to save the game.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from rich.cells import cell_len
from rich.columns import Columns
from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from settlers.cli.seats import Seat
from settlers.core import Action, GameState, SettlersError, save, translate
from settlers.core.i18n import player_name
from settlers.core.numbers import format_number
from settlers.core.user_files import UnwritableFile

# erase the terminal's scrollback (xterm, VTE, kitty, Windows Terminal; ignored elsewhere)
ERASE_SCROLLBACK = "\x1b[3J"
#: how many of the last events a person sees on coming back to a game (hot-seat, a load)
RECENT_EVENTS = 12
MENU_COLUMNS_FROM = 24
#: a menu taking more rows than this is chosen from in two steps when the game groups it
GROUP_ROWS = 24


#: the answers that are commands, not words to look for in the menu
COMMANDS = frozenset(("?", "h", "help", "помощь", "b", "board", "доска", "l", "log", "журнал",
                      "s", "save", "сохранить", "q", "quit", "выход"))
#: the card view's command, for a game that describes its cards (``card_details``)
CARD_COMMANDS = frozenset(("c", "cards", "карты"))


@dataclass
class Entry:
    """A line of the menu: one action (``picks`` holds its index), or a group of actions
    whose own menu (``choices``, under ``title``) the line opens."""
    label: str
    picks: tuple[int, ...]
    title: str = ""
    choices: list[Entry] = field(default_factory=list)


def menu_item(number: int, label: str) -> Table:
    """A line of the menu: its number, then its label; a label longer than the line wraps
    under itself (a hanging indent), never back under the numbers, where it would read as
    the start of an item of its own."""
    row = Table.grid(padding=(0, 1))
    row.add_column(justify="right", no_wrap=True, min_width=3)
    row.add_column(overflow="fold")
    row.add_row(Text(str(number), style="bold cyan"), Text(label))
    return row


def indented(line: str) -> Table | Text:
    """A line of plain text whose leading spaces are kept as an indent its wrapped part
    stays under (the card view's «  «Ферма»: производство; …»)."""
    text = line.lstrip(" ")
    indent = len(line) - len(text)
    if not indent:
        return Text(line)
    row = Table.grid()
    row.add_column(width=indent, no_wrap=True)
    row.add_column(overflow="fold")
    row.add_row("", Text(text))
    return row


def plain_input(console: Console, prompt: str) -> str:
    """A line typed after ``prompt`` printed as it is: no markup, no highlighting (Rich bolds
    the brackets of a string prompt, «(? — помощь)», and colours its numbers)."""
    return console.input(Text(prompt))


class QuitGame(Exception):
    """The person asked to leave the game."""


class TerminalGame:
    def __init__(self, state: GameState, seats: list[Seat], lang: str, *,
                 console: Console | None = None, ask: Callable[[str], str] | None = None,
                 bot_delay: float = 0.0, save_dir: Path = Path("saves"),
                 show_forced: bool = False) -> None:
        self.state = state
        self.seats = seats
        self.lang = lang
        self.console = console or Console()
        # a prompt is plain text: "[y/N]" is not a Rich markup tag, nor are its brackets and
        # numbers to be coloured by Rich's highlighter
        self.ask = ask or (lambda prompt: plain_input(self.console, prompt))
        self.bot_delay = bot_delay
        self.save_dir = save_dir
        # a prompt with one possible answer is answered by itself unless this is set
        self.show_forced = show_forced
        humans = [i for i, s in enumerate(seats) if s.human]
        self.humans = humans
        self.watcher: int | None = humans[0] if len(humans) == 1 else None
        # a game continued from a save has its whole history in its events: the last dozen
        # are shown, as to a person coming back to a hot-seat game, not every event since
        # the first roll (a new game's first events are all shown)
        self.shown_events = max(0, len(state.events) - RECENT_EVENTS) if state.log else 0
        self.saved: tuple[int, Path] | None = None   # (the version saved, its file)
        self.last_human: int | None = None
        # how many events there were after each person's last move: what the others did
        # since is shown to them when the terminal comes back to them (hot-seat)
        self.seen_upto: dict[int, int] = {}
        # the last board a person was shown: (seat, decision, board, version after its move)
        self.last_board: tuple[int, str, str, int] | None = None
        self.hinted: set[int] = set()   # the people told of the card view (``c``)

    # ----------------------------------------------------------------------- helpers
    def t(self, key: str, **params: object) -> str:
        return translate(key, self.lang, **params)

    def name(self, seat: int) -> str:
        return player_name(seat, self.lang, self.state.game.id)

    def show_new_events(self, seat: int | None) -> None:
        events = self.state.visible_events(seat, self.shown_events)
        for event in events:
            self.console.print("  · " + escape(translate(event.key, self.lang, **event.params)))
        self.shown_events = len(self.state.events)

    def show_board(self, seat: int | None, board: str | None = None) -> None:
        self.console.print(Rule(self.state.game.name(self.lang)))
        self.console.print(self.state.render(seat, self.lang) if board is None else board)
        if seat is not None and seat not in self.hinted and self.card_view() is not None:
            self.hinted.add(seat)   # once a person: where to read what the cards do
            self.console.print(self.t("cli.play.cards_hint"))

    # ---------------------------------------------------------------------- the loop
    def run(self) -> GameState:
        try:
            # a continued game: what happened last, before the first question
            self.show_new_events(self.watcher)
            while not self.state.over:
                self.step()
        except (KeyboardInterrupt, EOFError):
            self.console.print()
            # Ctrl-C can land inside a move being applied or a bot's search: the state is
            # then part-way through a change its log does not hold, and a save of it would
            # not load (its digest is not the log's); the log's own state is saved instead
            self.state = self.state_of_log()
            self.offer_save(interrupted=True)
            raise
        except QuitGame:
            self.offer_save(interrupted=True)
            raise
        self.show_new_events(self.watcher)
        self.show_board(self.watcher)
        self.show_result()
        self.offer_save(interrupted=False)
        return self.state

    def state_of_log(self) -> GameState:
        """The game as its log records it, rebuilt from the start."""
        rebuilt = self.state.initial()
        rebuilt.apply_log(list(self.state.log), check=False)
        return rebuilt

    def step(self) -> None:
        for seat in self.state.to_act:
            if self.state.over or seat not in self.state.to_act:
                continue
            if self.seats[seat].human:
                self.human_turn(seat)
            else:
                action = self.seats[seat].bot.act(self.state, seat)
                self.state.apply(seat, action)
                if self.bot_delay:
                    time.sleep(self.bot_delay)
            self.show_new_events(self.watcher)

    def wipe_screen(self) -> None:
        """Clear the screen and, on a terminal, its scrollback too (ESC [3J): the last
        person's hand must not be a scroll away from the next person at the terminal."""
        self.console.clear()
        if self.console.is_terminal and not self.console.is_dumb_terminal:
            self.console.file.write(ERASE_SCROLLBACK)
            self.console.file.flush()

    def human_turn(self, seat: int) -> None:
        if len(self.humans) > 1 and self.last_human != seat:
            # the last person's board and menu (its hand) leave the screen before the next
            # person takes the terminal
            self.wipe_screen()
            self.console.print(Panel(self.t("cli.play.pass_to", player=self.name(seat))))
            self.ask(self.t("cli.play.press_enter"))
            self.wipe_screen()
            # everything since this person's last move (the last dozen the first time), not
            # a dozen: a round of several players can hold a robbery or a trade with them
            self.shown_events = self.seen_upto.get(
                seat, max(0, len(self.state.events) - RECENT_EVENTS))
            self.show_new_events(seat)
        self.last_human = seat
        actions = self.state.legal_actions(seat)
        if len(actions) == 1 and not self.show_forced:
            label = self.state.describe_action(actions[0], self.lang)
            self.console.print(self.t("cli.play.forced", player=self.name(seat),
                                      action=escape(label)))
            self.state.apply(seat, actions[0])
            self.seen_upto[seat] = len(self.state.events)
            return
        what = self.state.decision_text(seat, self.lang)
        board = self.state.render(seat, self.lang)
        last = self.last_board
        if what and last is not None and last[:2] == (seat, what) and last[3] == self.state.version:
            # the same person goes on with the same decision, nobody else having moved (an
            # offer put together item by item): what changed, not the whole board again
            self.show_changes(last[2], board)
        else:
            self.show_board(seat, board)
        labels = [self.state.describe_action(a, self.lang) for a in actions]
        every = [Entry(label, (i,)) for i, label in enumerate(labels)]
        first, first_title = self.first_menu(actions, labels, every)
        grouped = first is not every
        shown, title = first, first_title
        show_menu = True
        while True:
            if show_menu:
                self.show_entries(shown, title, back=shown is not first)
            # after an error, a filter or help only their short answer is shown: the full
            # menu comes back on "m" (or after the board), so the message does not scroll away
            show_menu = False
            answer = self.ask(self.prompt(seat)).strip()
            chosen: Action | None = None
            if answer.lower() in ("m", "menu", "меню") or (answer == "0" and shown is not first):
                shown, title, show_menu = first, first_title, True
                continue
            if answer.lstrip("+-").isdigit() and answer[:1] != "{":
                # «-1» or «+3» is a number out of the menu, not a word to look for
                number = int(answer)
                if not 1 <= number <= len(shown):
                    self.console.print(
                        f"[red]{self.t('cli.play.bad_number', last=len(shown))}[/red]")
                    continue
                entry = shown[number - 1]
                if len(entry.picks) > 1:   # a group: its own menu, then the choice in it
                    shown, title, show_menu = entry.choices, entry.title, True
                    continue
                chosen = actions[entry.picks[0]]
            else:
                command = answer.lower()
                if grouped and command and not answer.startswith("{") and not self.is_command(command):
                    # a word filters every action; the matches are the menu the numbers pick in
                    needle = self.needle(command)
                    matches = [e for e in every if needle in e.label.lower()]
                    if matches:
                        shown, title = matches, ""
                    self.show_entries(matches, "", needle=needle)
                    continue
                chosen = self.interpret(seat, answer, every)
            if chosen is None:
                show_menu = answer.lower() in ("b", "board", "доска")
                if show_menu and not self.fits_with_board(seat, [e.label for e in shown]):
                    # a menu longer than the screen would scroll away the board just asked for
                    show_menu = False
                    self.console.print(self.t("cli.play.menu_after_board", n=len(shown)))
                continue
            try:
                self.state.apply(seat, chosen)
            except SettlersError as exc:
                self.console.print(f"[red]{escape(exc.message(self.lang))}[/red]")
                continue
            self.last_board = (seat, what, board, self.state.version)
            self.seen_upto[seat] = len(self.state.events)
            return

    def is_command(self, command: str) -> bool:
        """Whether an answer is a command rather than a word to look for in the menu."""
        return command in COMMANDS or (command in CARD_COMMANDS and self.card_view() is not None)

    def card_view(self) -> Callable[[int | None, str], str] | None:
        """The game's card view (``card_details``, a game's optional method: what each card
        one can see does), or None."""
        return getattr(self.state, "card_details", None)

    def needle(self, word: str) -> str:
        """What a filter word is looked for as in the menu's labels: as typed, or as the game
        reads it (``menu_needle``, a game's optional method: Catan's compass points typed
        with English letters on a Russian menu)."""
        read = getattr(self.state, "menu_needle", None)
        return word if read is None else str(read(word, self.lang))

    def show_changes(self, before: str, now: str) -> None:
        """The lines of the board ``now`` that were not on it ``before``."""
        seen = set(before.splitlines())
        changed = [line for line in now.splitlines() if line not in seen]
        if not changed:
            self.console.print(self.t("cli.play.board_unchanged"))
            return
        self.console.print(self.t("cli.play.board_changes"))
        for line in changed:
            self.console.print(line)

    def first_menu(self, actions: list[Action], labels: list[str],
                   every: list[Entry]) -> tuple[list[Entry], str]:
        """The menu a person first sees and its title: every action; or, for a menu longer
        than GROUP_ROWS rows that the game groups (``menu_group``), a heading per group, each
        opening the group's own menu — or, all in one group, that group's menu at once."""
        rows = self.screen_lines("\n".join(f"{i + 1:>3} {label}" for i, label in enumerate(labels)))
        if rows <= GROUP_ROWS:
            return every, ""
        groups: dict[str, list[int]] = {}
        parts = [self.state.menu_group(action, self.lang) for action in actions]
        for i, part in enumerate(parts):
            groups.setdefault(part[0] if part else f"\0{i}", []).append(i)
        if len(groups) == len(actions):
            return every, ""   # no group: nothing shorter to pick from first
        first: list[Entry] = []
        for head, picks in groups.items():
            part = parts[picks[0]]
            if len(picks) == 1 or part is None:
                first.append(every[picks[0]])
                continue
            first.append(Entry(self.t("cli.play.group_item", head=head, n=len(picks)),
                               tuple(picks), part[1],
                               [Entry(parts[i][2], (i,)) for i in picks]))  # type: ignore[index]
        if len(first) == 1:   # one group: its title once, then its own short labels
            return first[0].choices, first[0].title
        return first, ""

    def prompt(self, seat: int) -> str:
        """Whose move it is and, when the game can say it, what is being decided (a long menu
        scrolls the board's own line about it away)."""
        what = self.state.decision_text(seat, self.lang)
        if what:
            return self.t("cli.play.prompt_decision", player=self.name(seat), what=what)
        return self.t("cli.play.prompt", player=self.name(seat))

    def screen_lines(self, text: str) -> int:
        """How many rows of the console ``text`` takes, its long lines wrapped."""
        width = max(1, self.console.width)
        return sum(max(1, -(-cell_len(line) // width)) for line in text.splitlines())

    def fits_with_board(self, seat: int, labels: list[str]) -> bool:
        """Whether the board and the full menu under it fit on one screen."""
        board = self.screen_lines(self.state.render(seat, self.lang)) + 1
        items = [f"{i + 1:>3} {label}" for i, label in enumerate(labels)]
        if len(items) >= MENU_COLUMNS_FROM:
            widest = max(cell_len(item) for item in items) + 1
            across = max(1, self.console.width // widest)
            menu = -(-len(items) // across) * max(1, -(-widest // max(1, self.console.width)))
        else:
            menu = self.screen_lines("\n".join(items))
        return board + menu + 1 <= self.console.height

    def show_entries(self, entries: list[Entry], title: str, needle: str | None = None,
                     back: bool = False) -> None:
        """A numbered menu (a filter's ``needle``: only the entries with it, numbered as in
        ``entries``) under its title; ``back``: a menu opened from the first, 0 goes back."""
        items = [menu_item(i + 1, entry.label) for i, entry in enumerate(entries)
                 if needle is None or needle in entry.label.lower()]
        if not items:
            self.console.print(self.t("cli.play.no_match", text=needle or ""))
            return
        if needle is not None:
            self.console.print(self.t("cli.play.filtered", text=needle))
        if title:
            self.console.print(escape(title))
        if len(items) >= MENU_COLUMNS_FROM:
            self.console.print(Columns(items, equal=True, column_first=True))
        else:
            for item in items:
                self.console.print(item)
        if back:
            self.console.print(self.t("cli.play.group_back"))

    def interpret(self, seat: int, answer: str, every: list[Entry]) -> Action | None:
        """JSON or a command (a number is read by the menu shown); a word filters the menu."""
        if not answer:
            return None
        if answer.startswith("{"):
            try:
                return self.state.game.action_from_json(answer)
            except SettlersError as exc:
                self.console.print(f"[red]{escape(exc.message(self.lang))}[/red]")
                return None
        command = answer.lower()
        if command in ("?", "h", "help", "помощь"):
            example = self.state.legal_actions(seat)[0].to_json_text()
            text = self.t("cli.play.help", example=example)
            if self.card_view() is not None:
                text += "\n" + self.t("cli.play.help_cards")
            self.console.print(Panel(escape(text)))
        elif command in ("b", "board", "доска"):
            self.show_board(seat)
        elif command in ("l", "log", "журнал"):
            for event in self.state.visible_events(seat)[-30:]:
                self.console.print("  · " + escape(translate(event.key, self.lang,
                                                              **event.params)))
        elif command in CARD_COMMANDS and (view := self.card_view()) is not None:
            for line in view(seat, self.lang).splitlines():
                self.console.print(indented(line))
        elif command in ("s", "save", "сохранить"):
            self.save_now()
        elif command in ("q", "quit", "выход"):
            raise QuitGame
        else:
            self.show_entries(every, "", needle=self.needle(command))
        return None

    # -------------------------------------------------------------------- endings
    def show_result(self) -> None:
        scores = self.state.scores()
        winners = self.state.winners()
        lines = [f"{self.name(s)}: {format_number(scores[s], self.lang)}" + ("  ★" if s in winners else "")
                 for s in range(self.state.players)]
        outcome = self.state.outcome_text(self.lang)   # all lost together, all won...
        if outcome:
            lines.insert(0, escape(outcome))
        else:   # who won in words: the star alone says nothing to one who has not seen it
            lines.append(self.t("cli.replay.winners", count=len(winners),
                                names=player_name(winners, self.lang, self.state.game.id))
                         if winners else self.t("cli.replay.no_winner"))
        lines.append(self.t("cli.play.seed_revealed", seed=self.state.seed))  # secret until now
        self.console.print(Panel("\n".join(lines), title=self.t("cli.play.game_over")))

    def saved_every_move(self) -> bool:
        """Whether the game as it stands is in a save file (its last save holds every move)."""
        return self.saved is not None and self.saved[0] == self.state.version

    def default_save_path(self) -> Path:
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        # the path is printed: it names the seed (every roll and deck) only once the game is over
        seed = f"-{self.state.seed}" if self.state.over else ""
        return self.save_dir / f"{self.state.game.id}{seed}-{stamp}.json"

    def save_now(self, path: Path | None = None) -> Path | None:
        """Save the game; a place that cannot take the file is said (the game goes on: it
        can be saved elsewhere or again), None then."""
        try:
            target = save(self.state, path or self.default_save_path(),
                          meta={"seats": [s.kind for s in self.seats], "lang": self.lang})
        except UnwritableFile as exc:
            self.console.print(f"[red]{escape(exc.message(self.lang))}[/red]", soft_wrap=True)
            return None
        self.saved = (self.state.version, target)
        key = "cli.play.saved_finished" if self.state.over else "cli.play.saved"
        # on one line however narrow the terminal, so the command can be copied whole
        self.console.print(escape(self.t(key, path=str(target))), soft_wrap=True)
        return target

    def offer_save(self, interrupted: bool) -> None:
        """Ask whether to save; input that has ended (EOF) takes the question's default,
        which keeps an unfinished game."""
        if self.saved_every_move():
            # saved with every move already (`s`, then `q`): asking again, and answering «no»
            # with «The game was not saved», would say the file just written was not
            key = "cli.play.saved_finished" if self.state.over else "cli.play.saved"
            self.console.print(escape(self.t(key, path=str(self.saved[1]))), soft_wrap=True)
            return
        key = "cli.play.save_question_interrupted" if interrupted else "cli.play.save_question"
        try:
            answer = self.ask(self.t(key) + " ").strip().lower()
        except EOFError:
            self.console.print()
            answer = ""
        except KeyboardInterrupt:
            self.console.print()
            self.console.print(self.t("cli.play.not_saved"))
            return
        if answer in ("", "y", "yes", "д", "да") if interrupted else answer in (
                "y", "yes", "д", "да"):
            self.save_now()
        elif interrupted:
            self.console.print(self.t("cli.play.not_saved"))
