"""The lobby form's answer is a redirect (POST, then GET): reloading the page it leads to, or
going back to it, creates no second game; the page shows the seat links again."""

from __future__ import annotations

import re

from web_helpers import make_settings, running

FORM = {"game": "sample", "players": "3", "seat0_kind": "human", "seat0_name": "Аня",
        "seat1_kind": "human", "seat2_kind": "bot:random"}


def _games(client) -> list[dict]:
    return client.get("/api/games").json()["games"]


def _links(html: str) -> list[str]:
    """The seat links the page shows, in seat order."""
    return re.findall(r'value="http://testserver(/games/\w+\?token=[^"]+)"', html)


def test_the_form_answers_with_a_redirect_and_a_reload_creates_nothing(client):
    r = client.post("/games?lang=en", data=FORM, follow_redirects=False)
    assert r.status_code == 303
    where = r.headers["location"]
    assert re.fullmatch(r"/games/\w+/created\?creator=\S+", where)
    assert len(_games(client)) == 1
    first = client.get(where)
    assert first.status_code == 200 and "Game created" in first.text
    links = _links(first.text)
    assert len(links) == 2   # the two human seats, never the bot
    for _ in range(3):       # a refresh, Back: the same page, the same links, no new game
        again = client.get(where)
        assert again.status_code == 200 and _links(again.text) == links
    assert len(_games(client)) == 1
    page = client.get(links[0])
    assert page.status_code == 200 and "Аня" in page.text


def test_the_created_page_is_in_the_forms_language(client):
    r = client.post("/games?lang=ru", data=FORM)   # the redirect followed
    assert r.status_code == 200 and "Игра создана" in r.text
    assert r.url.path.endswith("/created")


def test_the_created_page_needs_the_creators_token(client):
    where = client.post("/games?lang=en", data=FORM, follow_redirects=False).headers["location"]
    gid = where.split("/")[2]
    for bad in (f"/games/{gid}/created", f"/games/{gid}/created?creator=nope"):
        r = client.get(bad + ("&" if "?" in bad else "?") + "lang=en")
        assert r.status_code == 403 and "token=" not in r.text


def test_a_seat_given_a_new_link_is_not_shown_with_its_dead_one(client):
    where = client.post("/games?lang=en", data=FORM, follow_redirects=False).headers["location"]
    gid, creator = where.split("/")[2], where.split("creator=")[1]
    old = _links(client.get(where).text)
    client.post(f"/api/games/{gid}/seats/1/reissue", headers={"x-creator-token": creator})
    page = client.get(where)
    assert len(_links(page.text)) == 1 and _links(page.text)[0] in old
    assert 'class="changed-seat" data-seat="1"' in page.text
    assert "its link has changed" in page.text


def test_the_links_come_back_after_a_restart(tmp_path):
    settings = make_settings(tmp_path)
    with running(settings) as client:
        where = client.post("/games?lang=en", data=FORM,
                            follow_redirects=False).headers["location"]
        before = _links(client.get(where).text)
    with running(settings) as client:   # nothing but hashes on disk
        after = client.get(where)
        assert after.status_code == 200 and _links(after.text) == before


def _seat_names(html: str, gid: str) -> str:
    """The lobby's seat list of game ``gid``, as read (tags taken out)."""
    item = html.split(f'data-game-id="{gid}"', 1)[1].split("</li>", 1)[0]
    span = item.split('class="seat-names">', 1)[1].split("</span>", 1)[0]
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", span)).strip()


def test_the_lobby_says_a_bot_seat_is_a_bot_once(client):
    r = client.post("/api/games", json={"game": "sample", "seats": [
        {"kind": "human", "name": "Аня"}, {"kind": "bot", "bot": "random"},
        {"kind": "bot", "bot": "random", "name": "Robo"}]})
    gid = r.json()["id"]
    for lang, bot, badge in (("ru", "Бот 2", "бот"), ("en", "Bot 2", "bot")):
        names = _seat_names(client.get(f"/?lang={lang}").text, gid)
        # an unnamed bot's name says it; a named one gets the badge
        assert names == f"Аня, {bot}, Robo {badge}", names
