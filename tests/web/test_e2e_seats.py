"""In Chromium: a visitor takes a free seat from the lobby, finds the game again under "my
games" (also after a server restart), and the creator re-issues a lost seat link."""

from __future__ import annotations

from table_helpers import BROWSER_TESTS, LiveServer
from web_helpers import make_settings

from settlers.testing.web_server import free_port

pytestmark = BROWSER_TESTS


def context(browser):
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en")
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return ctx, page, errors


def create_with_a_free_seat(page, base):
    page.goto(f"{base}/?lang=en")
    page.select_option("#game-select", "sample")
    page.select_option("#players-select", "2")
    page.select_option("select[name=seat0_kind]", "human")
    page.fill("input[name=seat0_name]", "Creator")
    page.select_option("select[name=seat1_kind]", "open")
    page.click("#create-game")
    page.wait_for_selector(".created")
    assert page.locator("li.open-seat[data-seat='1']").count() == 1
    return page.get_attribute("a.play", "href"), page.get_attribute("a.manage", "href")


def test_free_seat_my_games_across_a_restart_and_a_reissued_link(browser, tmp_path):
    settings = make_settings(tmp_path, bot_delay=0.05)
    port = free_port()
    creator, cpage, cerrors = context(browser)
    visitor, vpage, verrors = context(browser)
    with LiveServer(settings, port) as base:
        own_link, manage = create_with_a_free_seat(cpage, base)
        gid = own_link.split("/games/")[1].split("?")[0]
        # a visitor sees the free seat (not the creator's) and takes it
        vpage.goto(f"{base}/?lang=en")
        row = vpage.locator(f"ul[data-status=free] li[data-game-id='{gid}']")
        assert row.locator("button").all_inner_texts() == ["Take seat 2"]
        row.locator("button").click()
        vpage.wait_for_selector("#status")
        assert "token=" in vpage.url
        taken_link = vpage.url
        # the seat is gone from the lobby for everybody
        cpage.goto(f"{base}/?lang=en")
        assert cpage.locator(f"ul[data-status=free] li[data-game-id='{gid}']").count() == 0
        # a dead link kept in the browser is dropped by the lobby
        vpage.evaluate("""gid => { const k = JSON.parse(localStorage.getItem('settlers.seats'));
            k.push({id: gid, token: 'forged'}, {id: 'gone', token: 'x'});
            localStorage.setItem('settlers.seats', JSON.stringify(k)); }""", gid)
    # the server restarts; the browser's cookies are gone too: the list comes from localStorage
    visitor.clear_cookies()
    with LiveServer(settings, port) as base:
        vpage.goto(f"{base}/?lang=en")
        mine = vpage.locator(f"#mine li[data-game-id='{gid}']")
        mine.wait_for()
        assert "seat 2" in mine.inner_text()
        assert vpage.locator("#mine li").count() == 1
        vpage.wait_for_function("JSON.parse(localStorage.getItem('settlers.seats')).length === 1")
        mine.locator("a.resume").click()
        vpage.wait_for_selector("#status")
        assert vpage.url == taken_link
        # the creator gives seat 2 a new link: the visitor's open page is told and cut off
        cpage.goto(manage)
        cpage.click("li.seat-link[data-seat='1'] button.reissue")
        cpage.wait_for_function(
            "document.querySelector(\"li.seat-link[data-seat='1'] input.link\").value.includes('token=')")
        new_link = cpage.input_value("li.seat-link[data-seat='1'] input.link")
        vpage.wait_for_function(
            "document.getElementById('toast').textContent.includes('re-issued')")
        # the old link no longer opens the seat; the new one does
        assert vpage.goto(taken_link).status == 403
        vpage.goto(new_link)
        vpage.wait_for_selector("#status")
        vpage.goto(f"{base}/?lang=en")  # my games now holds the new link, not the old one
        vpage.locator(f"#mine li[data-game-id='{gid}'] a.resume").wait_for()
        assert vpage.get_attribute(f"#mine li[data-game-id='{gid}'] a.resume", "href") \
            == new_link.replace(base, "")
    assert not cerrors and not verrors, (cerrors, verrors)
    creator.close()
    visitor.close()


def test_reloading_and_going_back_to_the_created_page_make_no_second_game(browser, tmp_path):
    """The form's answer was the created page itself: a reload sent the form again (a second
    game). Now it is a redirect to the creator's page: reload, Back and Forward create nothing."""
    import httpx

    port = free_port()
    ctx, page, errors = context(browser)
    with LiveServer(make_settings(tmp_path), port) as base:
        own_link, _manage = create_with_a_free_seat(page, base)
        assert "/created?creator=" in page.url
        page.reload()
        page.wait_for_selector(".created")
        assert page.get_attribute("a.play", "href") == own_link   # the same link again
        page.goto(own_link)
        page.wait_for_selector("#status")
        page.go_back()
        page.wait_for_selector(".created")
        page.go_forward()
        page.wait_for_selector("#status")
        assert len(httpx.get(f"{base}/api/games").json()["games"]) == 1
    ctx.close()
    assert errors == []
