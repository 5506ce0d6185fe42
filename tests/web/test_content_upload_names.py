"""A refused upload names the file the user uploaded — by the name the browser sent, cleaned
(its last part only, no control characters, not too long) — never the set's internal name
(``upload-<digest>``) nor anything of the server's paths."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from settlers.core import content_sets

pytestmark = pytest.mark.usefixtures("content_dir")  # (uploads land in a fresh folder)


BROKEN = b'{"broken": \n'   # the tiles file of Founders: not JSON at line 1
HOSTILE = ("../../etc/" + "x" * 10_000 + "/C:\\Users\\me\\Desktop\\my\x1b\x00 ti\u202eles"
           "\r\n.jsonl")
CLEAN = "my tiles.jsonl"   # what is left of it: the last part, without the controls



def _server_paths(client, content_dir: Path) -> list[str]:
    """The server's places a message must never show (the content root and any temporary
    folder: the staging copy, the bytes received)."""
    import tempfile

    return [str(content_dir), str(content_dir.parent), tempfile.gettempdir(), "/tmp"]


# the game's refusal: a sentence of its own after the full stop (fifteenth i18n round)
@pytest.mark.parametrize(("lang", "words"), [
    ("en", "Upload refused. Tile file '" + CLEAN + "', line 1"),
    ("ru", "Загрузка отклонена. Файл квадратов «" + CLEAN + "», строка 1"),
])
def test_a_refused_upload_names_the_clean_name_of_the_users_file(client, content_dir, lang,
                                                                   words):
    r = client.post("/api/content/founders/tiles", params={"lang": lang, "filename": HOSTILE},
                    content=BROKEN)
    assert r.status_code == 422 and r.json()["code"] == "bad_upload", r.text
    message = r.json()["message"]
    assert message.startswith(words), message
    assert "upload-" not in message and "etc" not in message and "Users" not in message
    assert not any(ord(c) < 32 or c == "\u202e" for c in message), repr(message)
    assert len(message) < 600
    assert not any(place in r.text for place in _server_paths(client, content_dir)), r.text
    assert content_sets.names("founders", "tiles") == ["builtin"]


def test_a_long_name_is_cut_and_a_name_of_nothing_is_said_in_words(client, content_dir):
    long = "a" * 5000 + ".jsonl"
    r = client.post("/api/content/founders/tiles", params={"lang": "en", "filename": long},
                    content=BROKEN)
    message = r.json()["message"]
    assert "Tile file '" + "a" * 79 + "…'" in message, message
    for lang, unnamed in (("en", "'the uploaded file'"), ("ru", "«загруженный файл»")):
        for nothing in (None, "", "C:\\dir\\", "/a/b/..", "\x00\x07"):
            params = {"lang": lang} if nothing is None else {"lang": lang, "filename": nothing}
            r = client.post("/api/content/founders/tiles", params=params, content=BROKEN)
            message = r.json()["message"]
            assert unnamed in message and "upload-" not in message, (nothing, message)


def test_a_file_of_an_uploaded_folder_is_named_inside_the_uploaded_name(client, content_dir):
    """A folder option (Iceland's data) is uploaded as one JSON object of files: a file at
    fault is named inside the uploaded file's name, never inside a server folder."""
    from importlib import resources

    rules = json.loads((resources.files("settlers.games.iceland") / "data" / "rules.json")
                       .read_text("utf-8"))
    rules["bank_rate"] = "four"
    r = client.post("/api/content/iceland/data_dir",
                    params={"lang": "en", "filename": "/home/me/iceland set.json"},
                    json={"rules.json": json.dumps(rules)})
    assert r.status_code == 422, r.text
    message = r.json()["message"]
    assert "Data folder 'iceland set.json', file 'rules.json'" in message, message
    assert "upload-" not in message and "/home" not in message
    assert not any(place in r.text for place in _server_paths(client, content_dir)), r.text


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "This server cannot store uploaded content now"),
    ("ru", "Сервер сейчас не может сохранить загруженные данные")])
def test_a_content_folder_that_cannot_be_written_is_the_servers_fault_and_not_shown(
        client, tmp_path, monkeypatch, lang, words):
    from importlib import resources

    plain = tmp_path / "plain"
    plain.write_text("x", encoding="utf-8")
    monkeypatch.setenv("SETTLERS_CONTENT_DIR", str(plain / "content"))
    good = (resources.files("settlers.games.founders") / "data" / "tiles.jsonl").read_bytes()
    r = client.post("/api/content/founders/tiles", params={"lang": lang, "filename": "t.jsonl"},
                    content=good)
    assert r.status_code == 507 and r.json()["code"] == "cannot_store_upload", r.text
    assert r.json()["message"].startswith(words)
    assert str(tmp_path) not in r.text and "/tmp" not in r.text
