"""bench.autosave writes a game's record as the app does and prints what each action's sync costs."""

import re

from bench import autosave


def test_one_game_prints_sync_times_with_and_without_fsync(capsys, tmp_path):
    assert autosave.main(["--games", "1", "--folder", str(tmp_path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split("  ")[0] for line in lines] == ["write + fsync", "write only"]
    for line in lines:
        actions = int(re.search(r"(\d+) actions", line).group(1))
        assert actions > 100, line  # a whole game of Mit List und Tücke for four
        times = [float(t) for t in re.findall(r"(?:p50|p95|p99|max|mean) ([\d.]+) ms", line)]
        assert len(times) == 5 and all(t > 0 for t in times), line
    assert list(tmp_path.iterdir()) == []  # its own folder inside, gone
