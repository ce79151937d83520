"""Sound effects ship as project-made WAVs and never stop the game when there is no audio device."""

import wave

import pygame

from scenes.screen.sound import NAMES, SOUND_DIR, Sound


def test_every_effect_is_a_short_mono_wav():
    for name in NAMES:
        with wave.open(str(SOUND_DIR / f"{name}.wav")) as f:
            assert f.getnchannels() == 1 and f.getsampwidth() == 2
            assert 0.05 < f.getnframes() / f.getframerate() < 2.0


def test_sound_plays_with_the_dummy_device_and_respects_mute():
    sound = Sound(volume=0.5)
    if sound.enabled:
        assert sound.play("play")
    sound.toggle_mute()
    assert not sound.play("play")
    sound.toggle_mute()
    sound.set_volume(0)
    assert not sound.play("take")
    assert not sound.play("no such sound")


def test_no_audio_device_means_silence_not_a_crash(monkeypatch):
    def no_device(*args, **kwargs):
        raise pygame.error("no audio device")
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    sound = Sound()
    assert not sound.enabled
    assert not sound.play("win")
