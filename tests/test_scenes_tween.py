"""Tweens and scripts, driven by hand with made-up frame times."""

import pytest

from scenes.screen.tween import EASINGS, Script, Tween, ease_out_back, lerp_pos, linear


@pytest.mark.parametrize("name", sorted(EASINGS))
def test_easings_start_at_0_and_end_at_1(name):
    ease = EASINGS[name]
    assert ease(0.0) == pytest.approx(0.0, abs=1e-9)
    assert ease(1.0) == pytest.approx(1.0, abs=1e-9)


@pytest.mark.parametrize("name", sorted(n for n in EASINGS if n != "ease_out_back"))
def test_easings_never_go_back(name):
    ease = EASINGS[name]
    values = [ease(i / 100) for i in range(101)]
    assert all(b >= a - 1e-12 for a, b in zip(values, values[1:]))
    assert all(-1e-9 <= v <= 1 + 1e-9 for v in values)


def test_ease_out_back_overshoots_then_settles():
    assert max(ease_out_back(i / 100) for i in range(101)) > 1.0


def test_linear_tween_follows_time_not_frames():
    tween = Tween(2.0, 0, 100, linear)
    tween.update(0.5)
    assert tween.value == pytest.approx(25)
    tween.update(1.0)
    assert tween.value == pytest.approx(75)
    assert not tween.done
    assert tween.update(0.6) and tween.value == 100


def test_same_time_same_picture_at_any_frame_rate():
    slow, fast = Tween(1.0, 0, 1), Tween(1.0, 0, 1)
    for _ in range(15):
        slow.update(1 / 30)
    for _ in range(60):
        fast.update(1 / 120)
    assert slow.value == pytest.approx(fast.value)


def test_delay_holds_the_start_value():
    tween = Tween(1.0, 10, 20, linear, delay=0.5)
    tween.update(0.4)
    assert tween.value == 10 and not tween.started
    tween.update(0.6)
    assert tween.value == pytest.approx(15)


def test_done_callback_runs_once():
    calls = []
    tween = Tween(0.1, on_done=lambda: calls.append(1))
    for _ in range(5):
        tween.update(0.1)
    assert calls == [1]


def test_zero_duration_is_instant():
    calls = []
    tween = Tween(0.0, 0, 5, on_done=lambda: calls.append(1))
    assert tween.update(0.0) and tween.value == 5 and calls == [1]


def test_finish_jumps_to_the_end():
    tween = Tween(3.0, 0, 9)
    tween.finish()
    assert tween.done and tween.value == 9


def test_lerp_pos():
    assert lerp_pos((0, 0), (10, 20), 0.5) == (5, 10)


def test_script_runs_steps_in_order_each_after_the_last():
    log = []
    script = Script()
    script.add(lambda: [Tween(1.0)], lambda: log.append("a"))
    script.add(lambda: log.append("b-start") or [Tween(0.5)], lambda: log.append("b"))
    script.update(0.9)
    assert log == []
    script.update(0.2)
    assert log == ["a", "b-start"]
    script.update(0.49)
    assert log == ["a", "b-start"]
    script.update(0.02)
    assert log == ["a", "b-start", "b"] and not script.busy


def test_instant_steps_all_finish_in_one_update():
    log = []
    script = Script()
    for name in "abc":
        script.add(lambda: [Tween(0.0)], lambda name=name: log.append(name))
    script.update(0.0)
    assert log == ["a", "b", "c"] and not script.busy


def test_a_waiting_step_holds_until_released():
    log = []
    script = Script()
    step = script.add(wait=True, end=lambda: log.append("released"))
    script.add(end=lambda: log.append("next"))
    for _ in range(3):
        script.update(1.0)
    assert log == [] and script.busy
    step.release()
    script.update(0.0)
    assert log == ["released", "next"]
