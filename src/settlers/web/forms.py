"""The lobby's form and catalog: what a new game is made of, typed and checked."""

from __future__ import annotations

import settlers
from settlers.core import games as registered_games
from settlers.core import translate
from settlers.core.content_sets import BUILTIN, content_option
from settlers.core.i18n import lookup
from settlers.web.bots import bot_names
from settlers.web.content import content_choices
from settlers.web.errors import ActError
from settlers.web.fairness import seed_from_text
from settlers.web.i18n import t


def coerce_option(opt, raw):
    """A form value for an Option, typed like its default."""
    default = getattr(opt, "default", None)
    kind = getattr(opt, "type", None) or (type(default) if default is not None else str)
    if isinstance(raw, kind) and not (kind is int and isinstance(raw, bool)):
        return raw
    text = str(raw).strip()
    if kind is bool:
        return text.lower() in ("1", "true", "yes", "on", "да")
    if kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            return text  # the game's own validation names the problem
    return text


def game_catalog_entries(lang: str) -> list[dict]:
    """Every registered game as the lobby shows it: names, player counts, options, bots.

    A content option lists the names of its sets (``choices``); reads the content directory,
    so call it in a worker thread."""
    entries = []
    for game in registered_games():
        info = game.info(lang)
        choices = content_choices(game.id)
        labels = {o.name: o.label for o in game.options if o.label}
        for opt in info["options"]:
            opt["label"] = translate(opt["help"], lang) if opt.get("help") else opt["name"]
            if opt["label"].startswith(f"{game.id}.option."):
                opt["label"] = opt["name"]
            title = f"{game.id}.option_title.{opt['name']}"
            if lookup(title, lang) is not None:
                # the lobby's own title: the help is the command line's, naming the values
                # to type («Поле: random (…) или beginner (…)», «false — …»), where the lobby
                # shows a list of them in words
                opt["label"] = translate(title, lang)
            if opt["name"] in labels:
                # a content option by what the data is («Файл карточек»): its help speaks of
                # a path, which the lobby never takes (it lists the sets by name)
                opt["label"] = _capitalised(translate(labels[opt["name"]], lang))
            if opt["name"] in choices:
                opt["choices"] = choices[opt["name"]]
                opt["default"] = choices[opt["name"]][0]
                opt["choice_labels"] = {**opt["choice_labels"],
                                        BUILTIN: t("lobby.content_builtin", lang)}
                # the lobby offers to upload one's own data for it: a file, or the files
                # of a folder option (sent as one JSON object {file name: text})
                spec = content_option(game.id, opt["name"])
                opt["content"] = {"folder": bool(spec and spec.folder),
                                  "files": list(spec.files) if spec else []}
        info["bots"] = bot_names(game.id)
        entries.append(info)
    return entries


def _capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def spec_from_form(form: dict[str, str]) -> dict:
    """The arguments of Hub.create from the lobby form's fields."""
    game_id = form.get("game", "")
    try:
        game = settlers.load(game_id)
    except Exception as exc:
        raise ActError("unknown_game", game=game_id[:40]) from exc
    players_text = form.get("players", "").strip()
    if not players_text.isascii() or not players_text.isdigit() or len(players_text) > 3:
        raise ActError("bad_players", lo=game.min_players, hi=game.max_players, game=game.id,
                       name=game.label())
    players = int(players_text)
    options = {}
    for opt in getattr(game, "options", ()):
        raw = form.get(f"opt_{game.id}_{opt.name}")
        if raw not in (None, ""):
            options[opt.name] = coerce_option(opt, raw)
    seats = []
    for i in range(max(0, min(players, 16))):
        kind = form.get(f"seat{i}_kind", "human")
        name = form.get(f"seat{i}_name", "")
        if kind.startswith("bot:"):
            seats.append({"kind": "bot", "bot": kind[4:], "name": name})
        elif kind == "open":  # a human seat anyone may take from the lobby
            seats.append({"kind": "human", "open": True, "name": name})
        else:
            seats.append({"kind": kind, "name": name})
    raw_seed = form.get("seed", "").strip()
    seed = None
    if raw_seed:
        seed = seed_from_text(raw_seed)
        if seed is None:
            raise ActError("bad_seed", field="seed")
    return {
        "game_id": game.id,
        "players": players,
        "options": options,
        "seat_specs": seats,
        "seed": seed,
    }
