import os
import sys

# Headless: no window, no sound device. Set before anything imports pygame.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# The tests read the words in English unless a test asks for another language; the machine's own
# language must not change what they see (game.i18n.system_language reads these first).
os.environ["LANGUAGE"] = "en"
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _english_again():
    """A test that switched the language leaves English behind it."""
    yield
    from game import i18n
    i18n.set_language("en")


@pytest.fixture(autouse=True)
def _kept_games_in_tmp(tmp_path, monkeypatch):
    """Games started in tests keep their records in a temporary folder, never the user's, and so do
    settings (two test workers run at once)."""
    monkeypatch.setenv("TRICKTABLE_DATA", str(tmp_path / "data"))
    monkeypatch.setenv("TRICKTABLE_CONFIG", str(tmp_path / "config"))


@pytest.fixture(autouse=True)
def _no_words_left_by_another_test():
    """What a game left on a refusing disk says to the next menu (storage's words for it) belongs to
    the test that left it: a test's menu starts as a new program's would."""
    yield
    import sys as _sys
    storage = _sys.modules.get("kept.storage")
    if storage is not None:
        storage.take_left_words()


@pytest.fixture(scope="session")
def snapshot_tours(tmp_path_factory):
    """snapshot_tours(lang): the snapshot tour in that language, played once for the whole run with the
    layout guard recording (snapshot_tour.Tour: what the guard found at each window size, and in English
    the pictures)."""
    import snapshot_tour
    return snapshot_tour.tours(tmp_path_factory)


def pytest_collection_modifyitems(items):
    """The suite runs on two workers (pytest-xdist, ``--dist loadgroup``): each test file stays on one
    worker, so its module fixtures are built once; the files that read the snapshot tours (a session
    fixture, the longest to build) share one worker, so the tours are played once."""
    for item in items:
        group = "snapshot-tours" if "snapshot_tours" in getattr(item, "fixturenames", ()) else item.path.name
        item.add_marker(pytest.mark.xdist_group(group))
