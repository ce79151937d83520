"""Settings persist as JSON; a broken file falls back to the defaults and is kept as *.bad."""

import json

from scenes.settings import Settings, load_settings, save_settings


def test_settings_round_trip(tmp_path):
    s = Settings(speed="fast", bot_delay=0.35, volume=0.2, muted=True, fullscreen=True,
                 default_seats={"mlut": [{"name": "Oma", "kind": "human"}]})
    save_settings(tmp_path, s)
    loaded, message = load_settings(tmp_path)
    assert message == ""
    assert (loaded.speed, loaded.bot_delay, loaded.volume, loaded.muted, loaded.fullscreen) == \
        ("fast", 0.35, 0.2, True, True)
    assert loaded.default_seats["mlut"][0]["name"] == "Oma"


def test_missing_file_gives_defaults(tmp_path):
    loaded, message = load_settings(tmp_path)
    assert loaded == Settings() and message == ""


def test_broken_file_falls_back_and_is_kept_as_bad(tmp_path):
    (tmp_path / "settings.json").write_text("{broken")
    loaded, message = load_settings(tmp_path)
    assert loaded == Settings() and "broken" in message
    assert (tmp_path / "settings.json.bad").read_text() == "{broken"
    assert not (tmp_path / "settings.json").exists()


def test_wrong_values_count_as_broken(tmp_path):
    (tmp_path / "settings.json").write_text(json.dumps({"speed": "warp", "volume": 0.5}))
    loaded, message = load_settings(tmp_path)
    assert loaded.speed == "normal" and loaded.volume == Settings().volume and "speed" in message
    assert (tmp_path / "settings.json.bad").exists()
