"""The teacher's box in a lesson: one line at a time (a note's first line, and at the learner's turn
what to do now, in the box's largest words), More (M) for the whole explanation; and what it says of a
forced card is what the table does under the settings (scenes.screen.forced)."""

import re

import pygame
import pytest

from app_driver import new_app, post_click, press
from game.teach import turn_note
from scenes.screen import teaching as teaching_module
from scenes.screen.forced import goes_by_itself, in_a_real_game, only_move_note


def lesson_until(app, wanted, limit=40000):
    """The mlut lesson played as its teacher suggests until wanted(screen, teaching); the screen."""
    app.learn("mlut")
    screen = app.scene
    teaching = screen.teaching
    for _ in range(limit):
        if app.scene is screen and wanted(screen, teaching):
            return screen
        if teaching.holds():
            teaching.go_on()
        elif screen.can_act() and teaching.advice is not None and teaching.turn_at == screen.session.door.moment:
            screen.act(teaching.advice)
        app.step(0.05)
    raise AssertionError("the wanted moment did not come")


def a_note_waits(screen, teaching):
    return teaching.holds() and screen.idle and teaching.note is not None and teaching.note.short != teaching.note.line


def test_a_note_shows_its_first_line_and_more_shows_the_whole(monkeypatch):
    app = new_app(seed=1)
    screen = lesson_until(app, a_note_waits)
    teaching = screen.teaching
    note = teaching.note
    sizes = []
    blit = teaching_module.theme.blit_text
    monkeypatch.setattr(teaching_module.theme, "blit_text",
                        lambda surface, s, size, *a, **k: sizes.append((s, size)) or blit(surface, s, size, *a, **k))
    app.step(0.0)
    assert teaching.words == note.short and "teach:more" in screen.targets
    sizes.clear()
    teaching.draw_box(pygame.Surface((1280, 720)))
    size, pages = teaching.rows_cache[1]
    assert len(pages) == 1 and sizes[:len(pages[0])] == [(row, size) for row in pages[0]], "its rows, drawn"
    assert " ".join(pages[0]).split() == note.short.split(), "the first line, whole"
    assert size == teaching_module.SHORT_SIZE > teaching_module.LINE_SIZE, "in the box's largest words"
    press(app, pygame.K_m)
    assert teaching.words == note.line and teaching.note is note and teaching.holds()
    post_click(app, "teach:more")
    assert teaching.words == note.short, "More again: the first line"
    assert (note.rule, note.line) in teaching.shown, "the notes shown keep their rule keys"
    press(app, pygame.K_SPACE)
    assert teaching.note is not note, "Go on goes on as before"


def test_at_the_learners_turn_the_box_says_what_to_do_and_why_under_more():
    app = new_app(seed=1)
    screen = lesson_until(app, lambda screen, t: screen.can_act() and t.advice is not None and t.said is t.turn_now
                          and len(screen.state.legal_actions()) > 1)
    teaching = screen.teaching
    moment, _ = teaching.turn_moment
    expected = turn_note("mlut", moment, teaching.advice)
    assert teaching.words == expected.short
    if expected.line != expected.short:
        press(app, pygame.K_m)
        assert teaching.words == expected.line


def last_card(screen, teaching):
    return (screen.can_act() and teaching.advice is not None and teaching.said is teaching.turn_now
            and len(screen.session.seen_views[0]["hand"]) == 1 and len(screen.state.legal_actions()) == 1)


@pytest.mark.slow  # a lesson's whole round
@pytest.mark.parametrize("auto_play", [True, False])
def test_the_teacher_says_of_a_forced_card_what_the_table_does_under_the_setting(auto_play):
    """The lesson said "In a real game such a card plays by itself" while hot seat asks for the click,
    and with the setting off too."""
    app = new_app(seed=1, auto_play=auto_play)
    screen = lesson_until(app, last_card)
    line = screen.teaching.turn_now.line
    assert in_a_real_game(auto_play, True) in line
    assert ("by itself" in line) == auto_play
    assert goes_by_itself(2, True), "a last card goes by itself in hot seat too"


def test_a_forced_card_not_the_last_waits_for_its_click_in_hot_seat_and_the_teacher_says_so():
    assert goes_by_itself(1, False) and not goes_by_itself(2, False)
    words = in_a_real_game(True, False)
    assert "alone" in words and "hot seat" in words and "click" in words


def test_two_equal_cards_are_not_one_legal_move():
    """Two blue 4s in hand, one legal action: the teacher says either is fine, not "Only one move"."""
    pygame.init()
    short, line = only_move_note(("play", "B4"), ["R7", "B4", "B4"], True)
    assert "twice" in short and "blue 4" in short and "Only one" not in short
    assert "blue 4" in line and "each plays the same" in line
    short, _ = only_move_note(("play", "B4"), ["R7", "B4"], True)
    assert "blue 4" in short and "twice" not in short


def test_a_new_language_says_the_box_again_with_more_as_it_was():
    """The Settings' language changes while a note is open under More, then at the learner's turn: the
    box says the same note in the new language, More still open; the turn's first line too."""
    from game import i18n
    app = new_app(seed=1)
    screen = lesson_until(app, a_note_waits)
    teaching = screen.teaching
    note = teaching.note
    press(app, pygame.K_m)
    try:
        i18n.set_language("de")
        app.language_changed()
        german = teaching.note
        assert german.rule == note.rule and german.line != note.line and teaching.words == german.line
        assert teaching.more and teaching.holds()
        press(app, pygame.K_m)
        assert teaching.words == german.short
        i18n.set_language("en")
        app.language_changed()
        assert teaching.words == note.short
        while not (teaching.said is not None and teaching.said is teaching.turn_now):
            if teaching.holds():
                teaching.go_on()
            app.step(0.05)
        english = teaching.words
        i18n.set_language("de")
        app.language_changed()
        assert teaching.words != english and teaching.said is teaching.turn_now
    finally:
        i18n.set_language("en")


def test_a_long_explanation_waits_on_its_page_until_space_turns_it():
    """The pages under More turned by themselves every 7 seconds, before a newcomer had read one, and
    Space did not turn them at the learner's turn."""
    app = new_app(seed=1)
    looked = set()

    def long_under_more(screen, teaching):
        if teaching.said is None or not teaching.has_more() or id(teaching.said) in looked:
            return False
        looked.add(id(teaching.said))
        teaching.toggle_more()
        teaching.draw_box(pygame.Surface((1280, 720)))
        if teaching.page_shown[1] >= 2:
            return True
        teaching.toggle_more()
        return False

    screen = lesson_until(app, long_under_more)
    teaching = screen.teaching
    for _ in range(400):  # twenty seconds of reading
        app.step(0.05)
    assert teaching.page_shown[0] == 0, "the page turned by itself"
    press(app, pygame.K_SPACE)
    app.step(0.0)
    assert teaching.page_shown[0] == 1 and teaching.more


def test_pages_break_between_sentences_and_cut_only_a_sentence_longer_than_a_page():
    """A newcomer read a sentence cut by a page turn as two sentences."""
    wrap = lambda text: [text[k:k + 20] for k in range(0, len(text), 20)]  # noqa: E731 - rows of 20 letters
    words = "One short one. " + "A" * 30 + ". Then a second longer sentence here. End."
    pages = teaching_module.sentence_pages(words, wrap, 2)
    texts = ["".join(page) for page in pages]
    assert "".join(texts).replace(" ", "") == words.replace(" ", "")  # every word, in order
    assert all(len(page) <= 2 for page in pages)
    for text in texts[:-1]:
        if len(text) < 40:  # a page not filled by one sentence ends with its last sentence
            assert text.rstrip().endswith("."), texts
    assert texts[0] == "One short one.", texts  # the 31-letter sentence did not fit beside it


@pytest.mark.parametrize("language", ["en", "de", "nl"])
def test_a_lesson_page_ends_at_a_sentence_end(language):
    """The real box under More at 720p: a page ends where a sentence ends, or lies inside one sentence
    too long for a page."""
    app = new_app(seed=1, language=language)

    def paged(screen, teaching):
        if teaching.said is None or not teaching.has_more():
            return False
        teaching.toggle_more()
        teaching.draw_box(pygame.Surface((1280, 720)))
        pages = teaching.rows_cache[1][1]
        teaching.toggle_more()
        for page in pages[:-1]:
            ends = [bool(SENTENCE_END.search(row.rstrip() + " ")) for row in page]
            assert ends[-1] or not any(ends), (language, pages)
        return len(pages) > 1

    lesson_until(app, paged)


SENTENCE_END = re.compile(r"[.!?]\W*\s")


def test_a_sentence_longer_than_a_page_breaks_between_its_clauses():
    """A long German sentence cut by rows left a last page of one word ("nehmen.")."""
    wrap = lambda text: [text[k:k + 20] for k in range(0, len(text), 20)]  # noqa: E731 - rows of 20 letters
    words = "Wer den höchsten Trumpf spielt, sucht sich zwei Karten aus, und wer die niedrigste spielt, nimmt."
    pages = teaching_module.sentence_pages(words, wrap, 2)
    texts = ["".join(page).strip() for page in pages]
    assert "".join(texts).replace(" ", "") == words.replace(" ", "")
    assert all(text.endswith((",", ".")) for text in texts), texts
