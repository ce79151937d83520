"""bench.load builds valid long records, loads each, and prints a row of CPU seconds per record."""

import pytest

from bench import load as bench_load


def test_it_prints_a_row_per_record_and_heap(capsys):
    assert bench_load.main(["--mb", "0.3", "--heap", "0,1000"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert "held 1,000" in rows[0]
    assert [row.split()[0] for row in rows[1:]] == ["unknown", "many", "nested"]
    assert all(len([cell for cell in row.split() if cell.endswith("s") and cell[:-1].replace(".", "").isdigit()]) == 2
               for row in rows[1:])


def test_a_bad_heap_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as stopped:
        bench_load.main(["--heap", "lots"])
    assert stopped.value.code == 2 and "--heap takes whole numbers" in capsys.readouterr().err


@pytest.mark.slow
def test_the_app_bench_prints_a_row_per_record_with_replay_and_continue(capsys):
    assert bench_load.main(["--app", "--mb", "0.2", "--tries", "1"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert all(column in rows[0] for column in bench_load.APP_COLUMNS)
    assert [row.split()[0] for row in rows[1:]] == ["unknown", "many", "nested"]
    assert all(len([cell for cell in row.split() if cell.endswith("s") and cell[:-1].replace(".", "").isdigit()]) == 4
               for row in rows[1:])
