"""Every screen and view renders to well-formed markup in CPython, escapes user text, and
offers exactly the legal moves as targets."""

from __future__ import annotations

import math
import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from ludothek.games import GAME_IDS, get_game
from ludothek.i18n import set_language
from ludothek.render import game_panels, get_view, home_screen, setup_screen
from ludothek.render.catalog import is_game
from ludothek.render.view import UIState, seat_names
from ludothek.web.saves import DictStorage, SaveStore
from ludothek.web.session import GameSession, Seat

VIEW_IDS = [g for g in GAME_IDS if is_game(g)]
HOSTILE = '<img src=x onerror=alert(1)>&"'


def well_formed(html: str) -> ET.Element:
    """Parse markup as XML (our HTML is written to be XML-clean: every element closed, every attribute quoted)."""
    return ET.fromstring(f"<root>{html}</root>")


def sessions(game_id: str):
    game = get_game(game_id)
    rng = random.Random(3)
    for players in range(game.min_players, game.max_players + 1):
        seats = [Seat(HOSTILE, "human")] + [Seat(f"Bot {i}", "computer", 1) for i in range(1, players)]
        session = GameSession.new(game_id, seats, seed=7, options={}, save_id="t1")
        yield session
        for _ in range(12):
            moves = game.legal_moves(session.state)
            if not moves:
                break
            session.play(rng.choice(moves))
        yield session


@pytest.mark.parametrize("game_id", VIEW_IDS)
def test_game_screen_parts_render_and_escape_names(game_id):
    view = get_view(game_id)
    game = view.game
    public = lambda state: game.observation(state, None)  # noqa: E731 - what the app hands to views
    for session in sessions(game_id):
        s = public(session.state)
        ui = UIState(interactive=True)
        if session.moves:
            ui = ui.with_(last_before=public(session.states[-2]), last_move=session.moves[-1], animate=True)
        parts = [
            view.board_svg(s, ui),
            view.extra_html(s, ui),
            game_panels.actions_html(view.actions(s, ui)),
            game_panels.players_html(view, session, s, None),
            view.side_html(s, session.names()),
            game_panels.controls_html(session, busy=False, hint_label=view.hint_label()),
            game_panels.moves_html(view, session, public),
            game_panels.result_dialog_html(view, session, s),
        ]
        for html in parts:
            well_formed(html)
            assert "<img src=x" not in html
        assert "&lt;img src=x onerror=alert(1)&gt;" in game_panels.players_html(view, session, s, None)
        assert view.status_text(s, ui, session.names())
        if session.moves:
            assert view.describe_move(public(session.states[-2]), session.moves[-1], s, session.names())


@pytest.mark.parametrize("game_id", VIEW_IDS)
def test_board_targets_are_the_legal_moves(game_id):
    """What the board offers to click leads to legal moves, and some move is reached in one or two
    clicks (that every legal move is, on every position of whole games: test_view_clicks)."""
    game, view = get_game(game_id), get_view(game_id)
    for session in sessions(game_id):
        s = game.observation(session.state, None)
        if game.is_over(s):
            continue
        ui = UIState(interactive=True)
        svg = view.board_svg(s, ui) + view.extra_html(s, ui) + game_panels.actions_html(view.actions(s, ui))
        root = well_formed(svg)
        enabled = {e.get("data-target") for e in root.iter() if e.get("data-target") and e.get("aria-disabled") != "true"}
        legal = set(game.legal_moves(s))
        for target in enabled:
            result = view.click(s, ui, target)
            assert result.move is None or result.move in legal
        reached = set()
        for target in sorted(enabled):
            result = view.click(s, ui, target)
            if result.move is not None:
                reached.add(result.move)
                continue
            # A two-step input (pick a field, then a face): the next choices appear as new targets.
            follow = well_formed(view.board_svg(s, result.ui) + view.extra_html(s, result.ui) + game_panels.actions_html(view.actions(s, result.ui)))
            for element in follow.iter():
                second = element.get("data-target")
                if second and element.get("aria-disabled") != "true":
                    move = view.click(s, result.ui, second).move
                    assert move is None or move in legal
                    if move:
                        reached.add(move)
        assert reached, "some legal move must be reachable by one or two clicks"


@pytest.mark.parametrize("game_id", VIEW_IDS)
def test_setup_and_home_render(game_id):
    view = get_view(game_id)
    game = view.game
    for players in range(game.min_players, game.max_players + 1):
        html = setup_screen.setup_html(view, players, {}, ["an error"], ["a warning"])
        well_formed(html)
        assert html.count('class="seat-row"') == players
    store = SaveStore(DictStorage())
    session = next(sessions(game_id))
    store.save(session, 100.0)
    summaries, problems = store.summaries()
    home = home_screen.home_html([view], home_screen.saves_html(summaries, problems, {game_id: view}, 200.0))
    well_formed(home)
    assert "&lt;img" in home and "<img src=x" not in home
    well_formed(view.thumbnail_svg())


@pytest.mark.parametrize("game_id", VIEW_IDS)
def test_home_card_picture_is_a_raster_image_of_the_sealed_thumbnail(game_id):
    """The card's picture is an <img> of the game's WebP file (a raster: decoded off the page's
    thread, where an SVG image is a document the page's thread builds), decorative, and the same
    in both languages. Its source, the thumbnail with only the styles it uses inside, is sealed:
    drawn as an image, no rule of the page's stylesheet reaches it (tests/test_thumbnails.py
    checks the file is drawn from the current one)."""
    import thumbnails  # scripts/thumbnails.py (pytest.ini puts scripts/ on the path)

    view = get_view(game_id)
    img = home_screen.thumbnail_img(view)
    assert img == f'<img src="assets/thumbs/{game_id}.webp" alt="" width="160" height="160" decoding="async"/>'
    assert (Path(__file__).resolve().parent.parent / "assets" / "thumbs" / f"{game_id}.webp").is_file()
    picture = ET.fromstring(thumbnails.picture_svg(game_id))
    assert picture.tag == "{http://www.w3.org/2000/svg}svg"
    style = picture.find("{http://www.w3.org/2000/svg}style")
    assert style is not None and "{" in (style.text or "")
    # The page's stylesheet never reaches an image: every class the picture keeps is styled inside it.
    kept = {name for element in picture.iter() for name in element.get("class", "").split()}
    assert kept and all(f".{name}" in style.text for name in kept), kept
    card = home_screen.game_card(view)
    assert f'<div class="thumb" aria-hidden="true">{img}</div>' in card
    set_language("de")
    try:
        assert home_screen.game_card(view).count(img) == 1
    finally:
        set_language("en")


@pytest.mark.parametrize("game_id", VIEW_IDS)
def test_default_setup_form_gives_valid_options(game_id):
    view = get_view(game_id)
    game = view.game
    for players in range(game.min_players, game.max_players + 1):
        values = {f.name: ("on" if f.default is True else "off" if f.default is False else str(f.default)) for f in view.setup_fields()}
        options = view.options_from_form(values, players)
        game.new_game(players=players, seed=1, **options)


# -- one name per seat, numbers that say what they count, a short Continue list ------------------------


def test_a_seat_goes_by_its_typed_name_or_else_its_colour_in_the_current_language():
    from ludothek.i18n import set_language
    from ludothek.render.view import shown_seat_names

    view = get_view("mops")
    try:
        set_language("de")
        # Saved in English (and with the old default "Computer" for computer seats): shown in German,
        # and two computers are told apart.
        assert shown_seat_names(view, ["Red", "Computer", "Computer"]) == ["Rot", "Blau", "Grün"]
        assert shown_seat_names(view, ["Ada", "Blau", "Bo"]) == ["Ada", "Blau", "Bo"]
        set_language("en")
        assert shown_seat_names(view, ["Rot", "Computer"]) == ["Red", "Blue"]
    finally:
        set_language("en")


@pytest.mark.parametrize("game_id", [g for g in GAME_IDS if is_game(g)])
def test_the_result_says_what_each_number_counts(game_id):
    view = get_view(game_id)
    game = get_game(game_id)
    players = 3 if game_id == "mops" else view.default_players
    session = GameSession.new(game_id, [Seat(n) for n in seat_names(view, players)], seed=5, options={})
    rng = random.Random(5)
    while not game.is_over(session.state):
        session.play(rng.choice(game.legal_moves(session.state)))
    html = game_panels.result_dialog_html(view, session, game.observation(session.state, None))
    well_formed(html)
    for row in well_formed(html).iter("li"):
        assert not re.search(r":\s*\d+\s*$", row.text), row.text  # never a bare number


def test_continue_lists_the_latest_three_and_the_rest_behind_a_disclosure():
    from ludothek.web.saves import SaveSummary

    summaries = [SaveSummary(f"s{i}", "momentum", ("Red", "Computer"), 3, False, 100 - i) for i in range(5)]
    root = well_formed(home_screen.saves_html(summaries, [], {"momentum": get_view("momentum")}, now=100))
    top = [li for ul in root.findall("ul") for li in ul.findall("li")]
    hidden = [li for d in root.findall("details") for ul in d.findall("ul") for li in ul.findall("li")]
    assert [li.get("data-save") for li in top] == ["s0", "s1", "s2"]
    assert [li.get("data-save") for li in hidden] == ["s3", "s4"]
    assert "Red – Blue" in ET.tostring(root, encoding="unicode")


def test_home_leads_with_the_games():
    html = home_screen.home_html([get_view(g) for g in GAME_IDS if is_game(g)], "")
    assert html.index('class="games"') < html.index('id="saves"')


def boot_pattern(name: str) -> re.Pattern:
    """One of assets/boot.js's regular expressions, e.g. what a kept saved-games list may hold."""
    text = (Path(__file__).resolve().parents[1] / "assets" / "boot.js").read_text(encoding="utf-8")
    match = re.search(rf"var {name} = /(.+)/;", text)
    assert match, name
    return re.compile(match.group(1))


def test_the_kept_saved_games_list_passes_boot_js_filter():
    """web/home_screen keeps the list (times as dates) for boot.js, which shows it while Python
    starts only if every element and attribute is one it lets through: what saves_html writes,
    with saves, hidden saves and entries kept aside, must pass, or Continue is missing then."""
    from ludothek.web.saves import Problem, SaveSummary

    summaries = [SaveSummary(f"s{i}", "momentum", (HOSTILE, ""), i, i == 4, 1_700_000_000 - i) for i in range(5)]
    html = home_screen.saves_html(summaries, [Problem('x"<y', HOSTILE)], {"momentum": get_view("momentum")}, math.inf, total=9)
    assert "ago" not in html and "2023-11-14" in html  # a date stays true whenever it is read
    tags, attributes = boot_pattern("SAVES_TAGS"), boot_pattern("SAVES_ATTRIBUTES")
    for element in well_formed(html).iter():
        if element.tag == "root":
            continue
        assert tags.match(element.tag), element.tag
        for name, value in element.attrib.items():
            assert attributes.match(name) or (name == "href" and re.match(r"^#/[A-Za-z0-9_/-]*$", value)), (name, value)


def test_the_home_rendered_ahead_of_time_carries_the_language_switch(tmp_path):
    from ludothek.render.static import write_static_pictures

    for path in write_static_pictures(tmp_path):
        language = path.name.split(".")[1]
        switch = well_formed(path.read_text(encoding="utf-8")).find("template[@id='static-lang-switch']/button")
        assert switch is not None and switch.get("data-action") == "language"
        assert switch.get("data-language") == {"en": "de", "de": "en"}[language]


def test_home_has_a_field_for_a_pasted_link_that_never_reloads_the_page():
    root = well_formed(home_screen.home_html([get_view("momentum")], ""))
    form = next(f for f in root.iter("form") if f.get("class") == "open-link")
    assert form.get("method") == "dialog"  # a submit before Python is ready goes nowhere
    field = form.find(".//input")
    label = form.find("label")
    assert label is not None and label.get("for") == field.get("id") == "open-link-text"
    assert form.find(".//button").get("type") == "submit"
