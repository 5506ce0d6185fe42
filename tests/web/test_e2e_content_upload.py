"""The lobby uploads one's own content file for a content option: the browser sends the
file's name, a refusal names that file (never the set's internal name nor a server path), an
accepted file is added to the option's list and chosen."""

from __future__ import annotations

from importlib import resources

import pytest
from table_helpers import BROWSER_TESTS, module_server
from test_e2e import open_page

from settlers.core import content_sets

pytestmark = [*BROWSER_TESTS, pytest.mark.usefixtures("content_dir")]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    yield from module_server(tmp_path_factory, "upload", bot_delay=0.0)


# the game's refusal is a sentence of its own after «Загрузка отклонена.» (fifteenth i18n round)
@pytest.mark.parametrize(("lang", "refused"), [
    ("en", "Upload refused. Tile file 'my tiles.jsonl', line 1"),
    ("ru", "Загрузка отклонена. Файл квадратов «my tiles.jsonl», строка 1"),
])
def test_the_lobby_uploads_a_file_and_names_it_when_refused(server, browser, content_dir,
                                                            lang, refused):
    good = (resources.files("settlers.games.founders") / "data" / "tiles.jsonl").read_bytes()
    ctx, page, errors = open_page(browser, lang)
    try:
        page.goto(f"{server}/?lang={lang}")
        page.select_option("#game-select", "founders")
        upload = page.locator("input.content-upload[data-game=founders][data-option=tiles]")
        status = upload.locator("xpath=..").locator(".upload-status")
        upload.set_input_files(files=[{"name": "my tiles.jsonl", "mimeType": "text/plain",
                                       "buffer": b'{"broken": \n'}])
        page.wait_for_function("s => s.textContent.includes('1')",
                               arg=status.element_handle())
        said = status.inner_text()
        assert said.startswith(refused), said
        assert "upload-" not in said and str(content_dir) not in said and "/tmp" not in said
        upload.set_input_files(files=[{"name": "mine.jsonl", "mimeType": "text/plain",
                                       "buffer": good}])
        chosen = page.locator("select[name=opt_founders_tiles] option:checked")
        chosen.filter(has_text="mine.jsonl").wait_for(state="attached")
        name = chosen.get_attribute("value")
        assert name is not None and name in content_sets.names("founders", "tiles")
        assert errors == []
    finally:
        ctx.close()
