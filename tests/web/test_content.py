"""Content options by name, never a server path (issues 16 and 22, defect 4)."""

from __future__ import annotations

import asyncio
import json
import os
import random
import threading
import time
from importlib import resources
from pathlib import Path

import pytest
from typer.testing import CliRunner
from web_helpers import act, new_game, server_seed, state

import settlers
from settlers.core import content_faults, content_sets
from settlers.core.content_sets import ContentSetError
from settlers.testing.language import english_left

pytestmark = pytest.mark.usefixtures("content_dir")  # (uploads land in a fresh folder)


def builtin_text(package: str, name: str) -> str:
    return (resources.files(package) / "data" / name).read_text("utf-8")



@pytest.fixture
def tiles_file(tmp_path) -> Path:
    path = tmp_path / "my_tiles.jsonl"
    path.write_text(builtin_text("settlers.games.founders", "tiles.jsonl"), "utf-8")
    return path


# ----------------------------------------------------------------------- core
def test_install_list_and_resolve(tiles_file, content_dir):
    assert content_sets.names("founders", "tiles") == ["builtin"]
    where = content_sets.install("founders", "tiles", tiles_file, "mine")
    assert where == content_dir / "founders" / "tiles" / "mine"
    assert content_sets.names("founders", "tiles") == ["builtin", "mine"]
    assert content_sets.resolve("founders", "tiles", "mine") == str(where / "data")
    assert content_sets.resolve("founders", "tiles", "builtin") is None
    # on the command line a path still works: it is passed through untouched
    assert content_sets.resolve("founders", "tiles", str(tiles_file)) == str(tiles_file)
    state = settlers.load("founders").new_state(players=2, seed=1, options={"tiles": "mine"})
    assert state.options["tiles"] == "mine"


def test_install_refuses_bad_names_duplicates_and_bad_data(tiles_file, tmp_path, content_dir):
    for bad in ("builtin", "../x", "Mine", "", "a" * 41, "a/b"):
        with pytest.raises(ContentSetError):
            content_sets.install("founders", "tiles", tiles_file, bad)
    content_sets.install("founders", "tiles", tiles_file, "mine")
    with pytest.raises(ContentSetError, match="exists"):
        content_sets.install("founders", "tiles", tiles_file, "mine")
    junk = tmp_path / "junk.jsonl"
    junk.write_text("{not json\n", "utf-8")
    with pytest.raises(ContentSetError, match="line 1: not a JSON object"):
        content_sets.install("founders", "tiles", junk, "junk")
    assert content_sets.names("founders", "tiles") == ["builtin", "mine"]  # nothing stored
    with pytest.raises(ContentSetError):
        content_sets.install("catan", "board", tiles_file, "x")  # not a content option


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_or_a_device_is_refused_without_reading_it(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    started = time.monotonic()
    for source in (fifo, Path("/dev/zero")):
        with pytest.raises(ContentSetError, match="regular file"):
            content_sets.install("imperial", "cards", source, "x")
    assert time.monotonic() - started < 1


def _dangling_in_folder(tmp_path: Path) -> tuple[str, str, Path, Path]:
    """A Landnám folder with its rules and a link to nothing named «terrain.json»."""
    folder = tmp_path / "iceland"
    folder.mkdir()
    (folder / "rules.json").write_text(builtin_text("settlers.games.iceland", "rules.json"),
                                       "utf-8")
    (folder / "terrain.json").symlink_to(tmp_path / "gone.json")
    return "iceland", "data_dir", folder, folder / "terrain.json"


def _dangling_file(tmp_path: Path) -> tuple[str, str, Path, Path]:
    (tmp_path / "tiles.jsonl").symlink_to(tmp_path / "gone.jsonl")
    return "founders", "tiles", tmp_path / "tiles.jsonl", tmp_path / "tiles.jsonl"


def _name_too_long(tmp_path: Path) -> tuple[str, str, Path, Path]:
    path = tmp_path / ("x" * 300)
    return "imperial", "cards", path, path


@pytest.mark.parametrize(("make", "english", "russian"), [
    (_dangling_in_folder, "there is no such file", "такого файла нет"),
    (_dangling_file, "there is no such file", "такого файла нет"),
    (_name_too_long, "the path cannot name a file", "путь не может быть именем файла"),
], ids=["dangling link in a folder", "dangling link", "name too long"])
def test_a_source_that_cannot_be_read_is_refused_in_the_readers_language(
        tmp_path, content_dir, make, english, russian):
    """``settlers content install``: a file whose size (or anything) the system will not tell
    is refused naming the file and the reason, not with a traceback or the system's English;
    a link to nothing in a folder is not skipped (the set would use the built-in file)."""
    game, option, source, bad = make(tmp_path)
    with pytest.raises(ContentSetError) as caught:
        content_sets.install(game, option, source, "x")
    ru, en = caught.value.message("ru"), caught.value.message("en")
    assert en == f"Cannot read the file '{content_faults.shown(str(bad), 200)}': {english}.", en
    assert russian in ru and english_left(ru) == [], ru
    assert not (content_dir / game / option / "x").exists()
    # and on the command line
    from settlers.cli import build_app

    r = CliRunner().invoke(build_app(), ["content", "install", game, option, str(source),
                                         "--name", "x"])
    assert r.exit_code == 2 and english in r.output and "Errno" not in r.output, r.output


def test_a_folder_option_installs_its_files(tmp_path):
    folder = tmp_path / "iceland"
    folder.mkdir()
    rules = json.loads(builtin_text("settlers.games.iceland", "rules.json"))
    (folder / "rules.json").write_text(json.dumps(rules), "utf-8")
    content_sets.install("iceland", "data_dir", folder, "same-rules")
    assert content_sets.names("iceland", "data_dir") == ["builtin", "same-rules"]
    state = settlers.load("iceland").new_state(players=3, seed=2,
                                               options={"data_dir": "same-rules"})
    assert state.version == 0


def test_cli_content_install_and_list(tiles_file):
    from settlers.cli import build_app

    runner = CliRunner()
    r = runner.invoke(build_app(), ["content", "install", "founders", "tiles", str(tiles_file),
                                    "--name", "club"])
    assert r.exit_code == 0, r.output
    r = runner.invoke(build_app(), ["content", "list"])
    # (fourteenth pass: the line names the game too, «founders — «Поселенцы: …», опция tiles: …»)
    assert "founders — " in r.output and " tiles: builtin, club" in r.output
    r = runner.invoke(build_app(), ["content", "install", "founders", "tiles", "/nope",
                                    "--name", "x"])
    assert r.exit_code == 2


# ----------------------------------------------------------------------- web
@pytest.mark.parametrize("game, option, players", [
    ("founders", "tiles", 2), ("imperial", "cards", 2), ("imperial", "boards", 2),
    ("imperial", "attack_cards", 1), ("iceland", "data_dir", 3), ("archipelago", "content", 3)])
@pytest.mark.parametrize("value", ["/etc/hostname", "/etc", "../../etc/passwd", 5, "nope"])
def test_a_path_is_never_accepted_over_the_web(client, game, option, players, value):
    r = client.post("/api/games?lang=en", json={
        "game": game, "seats": [{"kind": "human"}] * players, "options": {option: value}})
    assert r.status_code == 422, r.text
    body = r.json()
    assert body["code"] == "unknown_content" and body["field"] == f"options.{option}"
    assert "builtin" in body["message"]
    assert "root:" not in r.text and "line" not in body["message"]


def test_the_lobby_form_refuses_a_path_and_a_fifo_stalls_nothing(client, tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for value in ("/etc/hostname", str(fifo), "/dev/zero"):
        started = time.monotonic()
        page = client.post("/games?lang=en", data={
            "game": "founders", "players": "2", "seat0_kind": "human", "seat1_kind": "human",
            "opt_founders_tiles": value})
        assert page.status_code == 422 and "builtin" in page.text
        assert time.monotonic() - started < 2


def test_an_installed_set_is_chosen_by_name(client, tiles_file):
    content_sets.install("founders", "tiles", tiles_file, "club")
    meta = client.get("/api/meta").json()
    founders = next(g for g in meta["games"] if g["id"] == "founders")
    option = next(o for o in founders["options"] if o["name"] == "tiles")
    assert option["choices"] == ["builtin", "club"]
    lobby = client.get("/?lang=en").text  # the lobby offers the sets, never a path field
    assert '<select name="opt_founders_tiles"><option value="builtin" selected>' in lobby
    assert '<option value="club">' in lobby
    gid, _ = new_game(client, game="founders", options={"tiles": "club"})
    assert client.app.state.hub.rooms[gid].state.options["tiles"] == "club"
    assert server_seed(client, gid) >= 0


def test_an_upload_becomes_a_named_set(client):
    text = builtin_text("settlers.games.founders", "tiles.jsonl")
    r = client.post("/api/content/founders/tiles?lang=en", content=text.encode())
    assert r.status_code == 200, r.text
    name = r.json()["name"]
    assert name.startswith("upload-")
    again = client.post("/api/content/founders/tiles", content=text.encode())
    assert again.json()["name"] == name  # the same file, the same set
    gid, _ = new_game(client, game="founders", options={"tiles": name})
    assert client.app.state.hub.rooms[gid].state.options["tiles"] == name


def test_a_bad_upload_is_refused_with_its_reason_and_no_server_path(client, content_dir):
    r = client.post("/api/content/founders/tiles?lang=en", content=b'{"broken": \n')
    assert r.status_code == 422 and r.json()["code"] == "bad_upload"
    assert str(content_dir) not in r.text and "/tmp" not in r.text
    assert content_sets.names("founders", "tiles") == ["builtin"]
    r = client.post("/api/content/founders/tiles", content=b"x" * 1_000_001)
    assert r.status_code == 413
    r = client.post("/api/content/catan/board", content=b"{}")
    assert r.status_code == 422 and r.json()["code"] == "unknown_content"
    r = client.post("/api/content/iceland/data_dir", content=b'{"passwd": "x"}')
    assert r.status_code == 422 and r.json()["code"] == "bad_upload"


def _uploads() -> list[tuple[str, bytes | dict[str, str], str]]:
    """One faulty upload of each game: (option, body, what the English message says)."""
    cards = json.loads(builtin_text("settlers.games.imperial", "cards.json"))
    cards["cards"][5]["colours"] = ["green"]
    tiles = builtin_text("settlers.games.founders", "tiles.jsonl").replace('"count": 5',
                                                                           '"count": 4', 1)
    rules = json.loads(builtin_text("settlers.games.iceland", "rules.json"))
    rules["bank_rate"] = "four"
    from settlers.games.archipelago.content import FILES, builtin_dir

    folder = {f"{name}.json": (builtin_dir() / "standard" / f"{name}.json").read_text("utf-8")
              for name in FILES}
    regions = json.loads(folder["regions.json"])
    regions["hexes"][0]["faces"][0]["huts"] = "two"
    folder["regions.json"] = json.dumps(regions)
    return [("imperial/cards", json.dumps(cards).encode(), "unknown colour 'green'"),
            ("founders/tiles", tiles.encode(), "the 'village' deck has 23 tiles"),
            ("iceland/data_dir", {"rules.json": json.dumps(rules)},
             "field 'bank_rate' must be an integer in 0..10, not 'four'"),
            ("archipelago/content", folder,
             "field 'hexes[0].faces[0].huts' must be an integer in 0..5, not 'two'")]


@pytest.mark.parametrize("case", range(4))
def test_a_faulty_upload_is_refused_in_the_uploaders_language(client, content_dir, case):
    option, body, english = _uploads()[case]
    for lang in ("ru", "en"):
        url = f"/api/content/{option}?lang={lang}"
        r = (client.post(url, json=body) if isinstance(body, dict)
             else client.post(url, content=body))
        assert r.status_code == 422 and r.json()["code"] == "bad_upload", r.text
        message = r.json()["message"]
        assert str(content_dir) not in message and "/tmp" not in message
        if lang == "ru":
            assert english_left(message, tuple(option.split("/"))) == [], message
        else:
            assert english in message, message
    assert content_sets.names(*option.split("/")) == ["builtin"]


def test_an_iceland_upload_is_a_json_object_of_files(client):
    rules = builtin_text("settlers.games.iceland", "rules.json")
    r = client.post("/api/content/iceland/data_dir", json={"rules.json": rules})
    assert r.status_code == 200, r.text
    gid, _ = new_game(client, game="iceland", seats=("human",) * 3,
                      options={"data_dir": r.json()["name"]})
    assert gid


def test_no_file_is_read_on_the_event_loop(client, tiles_file, monkeypatch):
    """Creating a game with a content set reads the set in a worker thread."""
    content_sets.install("founders", "tiles", tiles_file, "club")
    from settlers.games.founders import content as tiles_module

    threads = []
    real = tiles_module.load_tiles

    def spy(path):
        try:
            asyncio.get_running_loop()
            threads.append("event loop")
        except RuntimeError:
            threads.append(threading.current_thread().name)
        return real(path)

    monkeypatch.setattr(tiles_module, "load_tiles", spy)
    import settlers.games.founders.setup as setup_module
    monkeypatch.setattr(setup_module, "load_tiles", spy)
    new_game(client, game="founders", options={"tiles": "club"})
    assert threads and "event loop" not in threads


@pytest.mark.parametrize(("lang", "labels", "builtin"), [
    ("en", {"founders": ["Tile file"], "iceland": ["Data folder"],
            "imperial": ["Card file", "Empire board file", "Attack card file"],
            "archipelago": ["Content set"]}, "built-in data"),
    ("ru", {"founders": ["Файл квадратов"], "iceland": ["Папка данных"],
            "imperial": ["Файл карточек", "Файл планшетов империй", "Файл карточек атаки"],
            "archipelago": ["Набор содержимого"]}, "встроенные данные"),
])
def test_the_lobby_names_content_options_by_their_labels(client, lang, labels, builtin):
    """Each content option is listed by its label (Option.label: what the data is) in the
    reader's language, not by its help, which speaks of a path the lobby never takes; the
    built-in set by words, its value staying ``builtin``."""
    meta = client.get(f"/api/meta?lang={lang}").json()
    lobby = client.get(f"/?lang={lang}").text
    for game, expected in labels.items():
        entry = next(g for g in meta["games"] if g["id"] == game)
        content = [o for o in entry["options"] if o["name"] in
                   {n for g, n in content_sets.content_options() if g == game}]
        assert [o["label"] for o in content] == expected
        for option, label in zip(content, expected, strict=True):
            assert f"<label>{label}" in lobby, label
            assert (f'<select name="opt_{game}_{option["name"]}"><option value="builtin" '
                    f'selected>{builtin}</option>') in lobby
    if lang == "ru":
        assert english_left(" ".join(sum(labels.values(), [builtin]))) == []


@pytest.mark.parametrize(("lang", "name"), [("ru", "Сага скальда"), ("en", "Skald's saga")])
def test_an_iceland_card_named_by_its_upload_is_named_on_the_board(client, lang, name):
    """A fate card new to the game carries ``name: {ru, en}``: the board's view says under
    which catalog key (``names``) and the page's catalog holds it in the reader's language."""
    fate = json.loads(builtin_text("settlers.games.iceland", "fate_cards.json"))
    fate["cards"].append({"id": "skald", "label": "movement", "count": 2, "effect": "chase",
                          "name": {"ru": "Сага скальда", "en": "Skald's saga"}})
    r = client.post("/api/content/iceland/data_dir",
                    json={"fate_cards.json": json.dumps(fate, ensure_ascii=False)})
    assert r.status_code == 200, r.text
    gid, tokens = new_game(client, game="iceland", seats=("human",) * 3,
                           options={"data_dir": r.json()["name"]})
    view = client.get(f"/api/games/{gid}?lang={lang}", headers={"x-seat-token": tokens[0]})
    key = view.json()["view"]["state"]["names"]["iceland.card.skald"]
    assert key.startswith("iceland.user_") and key.endswith(".card.skald")
    page = client.get(f"/games/{gid}?token={tokens[0]}&lang={lang}").text
    boot = json.loads(page.split('<script type="application/json" id="boot">', 1)[1]
                      .split("</script>", 1)[0])
    assert boot["game_catalog"][key] == name


def _renamed_imperial_uploads(client) -> dict[str, str]:
    """A card file whose every id is new (``my_<id>``, «Моя …» / "My …") and a board file
    whose every empire has a name of its own («Новые …» / "New …"), uploaded: the options."""
    cards = json.loads(builtin_text("settlers.games.imperial", "cards.json"))
    for row in cards["cards"]:
        row["id"] = "my_" + row["id"]
        row["name"] = {"ru": "Моя " + row["name"]["ru"], "en": "My " + row["name"]["en"]}
    boards = json.loads(builtin_text("settlers.games.imperial", "empires.json"))
    for board in boards["empires"].values():
        board["name"] = {"ru": "Новые " + board["name"]["ru"], "en": "New " + board["name"]["en"]}
    options = {}
    for option, data in (("cards", cards), ("boards", boards)):
        r = client.post(f"/api/content/imperial/{option}",
                        content=json.dumps(data, ensure_ascii=False).encode())
        assert r.status_code == 200, r.text
        options[option] = r.json()["name"]
    return options


@pytest.mark.parametrize(("lang", "card", "empire"), [("ru", "Моя ", "Новые Римляне"),
                                                      ("en", "My ", "New Romans")])
def test_imperial_cards_and_empires_named_by_their_uploads(client, lang, card, empire):
    """The menus and the log name a card of a user's file by the name the file gives, never
    by a raw key (``imperial.card.my_COM001``); the board's view says under which catalog key
    (``names``) an empire's own name is, and the page's catalog holds it."""
    options = {**_renamed_imperial_uploads(client), "empires": "romans,barbarians"}
    gid, tokens = new_game(client, game="imperial", seats=("human",) * 2, options=options)
    rng = random.Random(1)
    labels: list[str] = []
    for _ in range(40):
        movers = [(s, p) for s in (0, 1) for p in [state(client, gid, tokens[s], lang)]
                  if p["actions"]]
        if not movers:
            break
        seat, payload = rng.choice(movers)
        labels += [a["label"] for a in payload["actions"]]
        choice = rng.choice(payload["actions"])["action"]
        r = act(client, gid, tokens[seat], payload["version"], choice, lang)
        assert r.status_code == 200, r.text
    payload = state(client, gid, tokens[0], lang)
    log = [line["text"] for line in payload["log"]]
    assert [t for t in labels + log if "imperial." in t] == []
    assert any(card in t for t in labels) and any(card in t for t in log), log
    key = payload["view"]["state"]["names"]["imperial.empire.romans"]
    page = client.get(f"/games/{gid}?token={tokens[0]}&lang={lang}").text
    boot = json.loads(page.split('<script type="application/json" id="boot">', 1)[1]
                      .split("</script>", 1)[0])
    assert boot["game_catalog"][key] == empire
