"""Bot levels explained at the seat setup (issue 29): every level has its words, the measured
numbers are those docs/bots.md reports, and at the setup a level button explains itself on hover,
found by real mouse motion, with a line for every level under Back, whole."""

import re
from pathlib import Path


from game import PLAYER_COUNTS, bots
from game.bots import levels
from scenes.menus import menu
from scenes.menus.menu import SetupScene
from scenes.screen import theme
from scenes.screen.base import TIP_DELAY
from app_driver import FRAME, new_app, point_at, post_click, showing

DOCS = Path(__file__).resolve().parent.parent / "docs" / "bots.md"


def test_every_level_has_words():
    named = set(bots.BOTS) | set(bots.LEVELS.values())
    assert named <= set(levels.WORDS), f"levels without words: {named - set(levels.WORDS)}"
    for level, (short, whole) in levels.WORDS.items():
        assert short and whole.endswith("."), level
    assert set(levels.MEASURED_AGAINST) <= set(levels.WORDS)
    assert all(against in levels.WORDS for against in levels.MEASURED_AGAINST.values())


def test_every_level_but_the_yardstick_is_measured_for_every_game_and_count():
    for game_id, counts in PLAYER_COUNTS.items():
        for players in counts:
            for level in levels.MEASURED_AGAINST:
                assert levels.measured(game_id, players, level) is not None, (game_id, players, level)


def docs_rows():
    """(game, players, level, against) -> (games, wins) from the tables of docs/bots.md."""
    rows = {}
    pattern = re.compile(r"^\| (\w+) \| (\d) \| (\w+) vs (\w+) \| (\d+) \| (\d+) \|")
    for line in DOCS.read_text(encoding="utf-8").splitlines():
        m = pattern.match(line)
        if m:
            game_id, players, level, against, games, wins = m.groups()
            rows[(game_id, int(players), level, against)] = (int(games), int(wins))
    return rows


def test_the_measured_numbers_are_those_of_docs_bots_md():
    rows = docs_rows()
    assert rows, "docs/bots.md has no tournament rows"
    for (game_id, players, level), found in levels.all_measured().items():
        key = (game_id, players, level, levels.MEASURED_AGAINST[level])
        assert rows.get(key) == found, f"{key}: docs/bots.md says {rows.get(key)}, levels.py {found}"


def test_the_line_and_the_tip_say_what_was_measured():
    labels = {n: lab for lab, n in bots.LEVELS.items()}
    line = levels.level_line("Hard", "hard", "wassticht", 4, labels)
    assert line == "Hard: looks ahead by sampling · much stronger than Normal"
    tip = levels.level_tip("Hard", "hard", "wassticht", 4, labels)
    assert "against 3 Normal bots, one Hard bot won 208 of 240 games (87%), where luck alone would win 25%" in tip
    # a newcomer reads how strong, not a percentage against a level: Easy won 34% where luck wins 25%
    assert levels.level_line("Easy", "easy", "wassticht", 4, labels) == (
        "Easy: random, with a little sense · a bit stronger than Random")
    assert not any("%" in levels.level_line(lab, n, g, p, labels) for g, counts in PLAYER_COUNTS.items()
                   for p in counts for n, lab in labels.items())
    assert levels.level_line("Random", "random", "tricks", 3, labels) == "Random: any legal move, by chance"


def test_a_level_button_explains_its_level_on_hover(monkeypatch):
    app = new_app(seed=None)
    app.step(FRAME)
    post_click(app, "game:wassticht")
    setup = showing(app)
    assert isinstance(setup, SetupScene)
    if setup.seats[1][1] != "bot":
        post_click(app, "kind:1")
    labels = {n: lab for lab, n in setup.levels}
    seen = set()
    for _ in range(len(setup.levels)):
        level = setup.seats[1][2]
        if level in seen:
            break
        seen.add(level)
        drawn = []
        real_blit = theme.blit_text
        monkeypatch.setattr(theme, "blit_text",
                            lambda surface, text, *a, **k: drawn.append(str(text)) or real_blit(surface, text, *a, **k))
        point_at(app, setup.targets["level:1"].center, TIP_DELAY + 0.2 - FRAME)
        monkeypatch.setattr(theme, "blit_text", real_blit)
        words = levels.level_tip(labels[level], level, "wassticht", setup.count, labels)
        assert setup.shown_tip() == words, f"no tooltip for {level} on its button"
        assert levels.level_words(level, "wassticht") in words
        for _, name in setup.levels:  # every level's line is drawn whole (not cut with an ellipsis)
            line = levels.level_line(labels[name], name, "wassticht", setup.count, labels)
            assert line in drawn, f"the line {line!r} is not drawn whole"
            assert theme.text(line, menu.LEVEL_SIZE).get_width() <= menu.LEVELS_WIDTH
        post_click(app, "level:1")  # the next level
    assert seen == {n for _, n in setup.levels}, "every level's button was hovered"


def test_every_game_and_count_fits_its_level_lines():
    for game_id, counts in PLAYER_COUNTS.items():
        labels = {n: lab for lab, n in menu.bot_levels()}
        for players in counts:
            for name, label in labels.items():
                line = levels.level_line(label, name, game_id, players, labels)
                assert theme.text(line, menu.LEVEL_SIZE).get_width() <= menu.LEVELS_WIDTH, line


def test_a_levels_words_name_only_what_its_game_has():
    """No "task" in a Tricks tooltip, no "bid" in a Mit List und Tücke one (a newcomer read "task"
    at a Tricks table)."""
    foreign = {"mlut": ("task", "bid", "loan", "trump"), "tricks": ("task", "plus colour"),
               "wassticht": ("bid", "loan")}
    for game_id, words in foreign.items():
        for level in levels.WORDS:
            text = levels.level_words(level, game_id).lower()
            assert not any(w in text for w in words), (game_id, level, text)
