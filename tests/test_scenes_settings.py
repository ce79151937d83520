"""Settings persist as JSON; a broken file falls back to the defaults and is kept as *.bad."""

import json

from scenes.screen.settings import Settings, load_settings, save_settings


def test_settings_round_trip(tmp_path):
    seats = [{"name": "Oma", "kind": "human", "bot": None}] + \
        [{"name": f"Bot {i}", "kind": "bot", "bot": "normal"} for i in range(3)]
    s = Settings(speed="fast", bot_delay=0.35, volume=0.2, muted=True, fullscreen=True,
                 default_seats={"mlut": seats})
    save_settings(tmp_path, s)
    loaded, message = load_settings(tmp_path)
    assert message == ""
    assert (loaded.speed, loaded.bot_delay, loaded.volume, loaded.muted, loaded.fullscreen) == \
        ("fast", 0.35, 0.2, True, True)
    assert loaded.default_seats == {"mlut": seats}


def test_missing_file_gives_defaults(tmp_path):
    loaded, message = load_settings(tmp_path)
    assert loaded == Settings() and message == ""


def test_broken_file_falls_back_and_is_kept_as_bad(tmp_path):
    (tmp_path / "settings.json").write_text("{broken")
    loaded, message = load_settings(tmp_path)
    assert loaded == Settings() and "broken" in message
    assert (tmp_path / "settings.json.bad").read_text() == "{broken"
    assert not (tmp_path / "settings.json").exists()


def test_a_bad_value_falls_back_alone_and_the_good_ones_are_kept(tmp_path):
    (tmp_path / "settings.json").write_text(json.dumps({"speed": "warp", "volume": 0.5}))
    loaded, message = load_settings(tmp_path)
    assert loaded.speed == "normal" and loaded.volume == 0.5
    assert message == ("The settings file had a bad value for speed; it is back to its default. "
                       "The file was kept as settings.json.bad.")
    assert json.loads((tmp_path / "settings.json.bad").read_text()) == {"speed": "warp", "volume": 0.5}
    assert json.loads((tmp_path / "settings.json").read_text())["volume"] == 0.5  # kept for the next start
    again, message = load_settings(tmp_path)
    assert message == "" and again == loaded


def test_the_message_names_every_bad_key(tmp_path):
    (tmp_path / "settings.json").write_text(json.dumps({"speed": [], "volume": True, "muted": True}))
    loaded, message = load_settings(tmp_path)
    assert message == ("The settings file had bad values for speed and volume; those are back to their "
                       "defaults. The file was kept as settings.json.bad.")
    assert loaded.muted is True
