"""Installed from a wheel, Tricktable works like an app: the wheel holds every shipped file (the assets
and the phone page) and only the program's packages, and its ``tricktable`` command draws the first menu
frame from any folder, quietly.

The wheel is built from a copy of the checkout (so neither a stale ``build/`` nor a concurrent build in the
checkout can change what is tested) and installed into a fresh venv without the system's site packages:
pip installs pygame-ce, platformdirs, aiohttp and segno there (from its cache after the first run), so
nothing of the checkout or of the editable install can stand in for the wheel's copy.
"""

import fnmatch
import hashlib
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ("fonts", "sounds", "rules")  # the folders under assets/ the program reads
PROGRAM = {"assets", "game", "kept", "scenes", "phone"}  # the only top-level names a wheel may install
PHONE_PAGE = ("index.html", "app.js", "style.css")  # phone/page/: the page phones load, read as package data
BANNERS = ("pygame-ce", "Hello from the pygame community")
MARKER = "FIRST_MENU_FRAME"
LIMIT = 120  # seconds for any one step; the whole module takes far less


def run(args, **kwargs):
    return subprocess.run([str(a) for a in args], capture_output=True, text=True, timeout=LIMIT, **kwargs)


def digest(data):
    return hashlib.sha256(data).hexdigest()


def repo_assets():
    """{path in the wheel: sha256} for every file in the repo's shipped asset folders."""
    found = {}
    for folder in SHIPPED:
        for path in sorted((ROOT / "assets" / folder).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                found[path.relative_to(ROOT).as_posix()] = digest(path.read_bytes())
    for path in sorted((ROOT / "assets" / "locale").rglob("*.mo")):  # the compiled catalogues, not the .po
        found[path.relative_to(ROOT).as_posix()] = digest(path.read_bytes())
    for name in PHONE_PAGE:
        found[f"phone/page/{name}"] = digest((ROOT / "phone" / "page" / name).read_bytes())
    for path in sorted((ROOT / "phone" / "page" / "games").glob("*.js")):  # each game's drawing on the page
        found[path.relative_to(ROOT).as_posix()] = digest(path.read_bytes())
    return found


def app_env(home, **extra):
    """Headless, with games and settings in ``home``; nothing that could point Python at the checkout,
    and no banner switch inherited from this test process (importing ``scenes`` here sets it)."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "PYGAME_HIDE_SUPPORT_PROMPT")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               TRICKTABLE_DATA=str(home / "data"), TRICKTABLE_CONFIG=str(home / "config"), **extra)
    return env


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    source = tmp_path_factory.mktemp("source") / "tricktable"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(
        ".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".pytest_cache", ".hypothesis", "out", "snap"))
    out = tmp_path_factory.mktemp("wheel")
    built = run([sys.executable, "-m", "pip", "wheel", ".", "--no-deps", "--no-build-isolation", "-w", out],
                cwd=source)
    assert built.returncode == 0, built.stdout + built.stderr
    wheels = list(out.glob("tricktable-*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


@pytest.fixture(scope="module")
def venv(wheel, tmp_path_factory):
    """A fresh venv (no system site packages) with the wheel and its dependencies installed."""
    where = tmp_path_factory.mktemp("venv") / "venv"
    made = run([sys.executable, "-m", "venv", where])
    assert made.returncode == 0, made.stdout + made.stderr
    bin_dir = where / ("Scripts" if os.name == "nt" else "bin")
    installed = run([bin_dir / "python", "-m", "pip", "install", "--quiet", wheel])
    assert installed.returncode == 0, installed.stdout + installed.stderr
    return where, bin_dir


def matches(path, pattern):
    """PATH is matched by a package-data PATTERN as setuptools globs it: "*" within one folder."""
    parts, wanted = path.split("/"), pattern.split("/")
    return len(parts) == len(wanted) and all(fnmatch.fnmatchcase(p, w) for p, w in zip(parts, wanted))


def test_every_shipped_file_is_taken_by_a_package_data_pattern():
    """What the wheel will hold, read from pyproject.toml without building it (the slow tier builds it):
    each shipped file is matched by a pattern of its package's data."""
    from setuptools.config.pyprojecttoml import read_configuration  # reads TOML on Python 3.10 too
    patterns = read_configuration(ROOT / "pyproject.toml")["tool"]["setuptools"]["package-data"]
    shipped = repo_assets()
    assert {"assets/fonts/DejaVuSans.ttf", "phone/page/app.js", "assets/locale/de/LC_MESSAGES/tricktable.mo"} <= set(shipped)
    for path in shipped:
        package, inside = path.split("/", 1)
        assert any(matches(inside, pattern) for pattern in patterns[package]), f"{path} is left out of the wheel"


@pytest.mark.slow  # builds the wheel (and installs it into a fresh venv)
def test_the_wheel_holds_every_shipped_file_and_only_the_program(wheel):
    with zipfile.ZipFile(wheel) as whl:
        names = set(whl.namelist())
        expected = repo_assets()
        assert expected, "no assets found in the repo"
        assert {"assets/fonts/DejaVuSans.ttf", "assets/sounds/play.wav", "assets/rules/mlut.txt",
                "assets/rules/de/mlut.txt", "assets/rules/nl/tricks.txt",
                "assets/locale/de/LC_MESSAGES/tricktable.mo", "assets/locale/nl/LC_MESSAGES/tricktable.mo"} <= set(expected)
        missing = sorted(set(expected) - names)
        assert not missing, f"repo assets missing from the wheel: {missing}"
        changed = sorted(name for name in expected if digest(whl.read(name)) != expected[name])
        assert not changed, f"wheel copies differ from the repo: {changed}"
        assert "assets/__init__.py" in names
        assert {"phone/__init__.py", "phone/bridge.py", "phone/server.py", "phone/qr.py"} <= names
    tops = {name.split("/")[0] for name in names if ".dist-info/" not in name}
    assert tops == PROGRAM, f"top-level names other than {sorted(PROGRAM)}: {sorted(tops - PROGRAM)}"
    assert "main.py" not in names and not any(name.startswith(("bench/", "tools/", "tests/")) for name in names)
    assert not any(name.endswith("make_sounds.py") for name in names)


@pytest.mark.slow  # builds the wheel (and installs it into a fresh venv)
def test_the_installed_command_draws_the_first_menu_frame_from_another_folder(venv, tmp_path):
    where, bin_dir = venv
    cwd = tmp_path / "elsewhere"
    cwd.mkdir()
    env = app_env(tmp_path)
    # The code, and the font the menu draws with, come from the venv, not from the checkout.
    probe = ("import assets, game, scenes, scenes.app; from scenes.screen.theme import FONT_FILES, asset_file; "
             "print(assets.__file__, game.__file__, scenes.__file__, scenes.app.__file__, asset_file(FONT_FILES[True]),"
             " sep='\\n')")
    paths = run([bin_dir / "python", "-c", probe], cwd=cwd, env=env)
    assert paths.returncode == 0, paths.stdout + paths.stderr
    for banner in BANNERS:
        assert banner not in paths.stdout + paths.stderr, paths.stdout + paths.stderr
    lines = paths.stdout.splitlines()
    assert len(lines) == 5, paths.stdout
    for line in lines:
        assert Path(line).resolve().is_relative_to(where.resolve()), f"{line} is not inside the venv {where}"

    # the catalogues come from the wheel too: the installed command speaks German when asked
    german = run([bin_dir / "tricktable", "--lang", "de", "--help"], cwd=cwd, env=env)
    assert german.returncode == 0 and "Bilder pro Sekunde" in german.stdout, german.stdout + german.stderr

    shown = run([bin_dir / "tricktable", "--startup-probe"], cwd=cwd, env=env)
    output = shown.stdout + shown.stderr
    assert shown.returncode == 0, output
    assert MARKER in shown.stdout, output
    for banner in BANNERS:
        assert banner not in output, output
    assert not list(cwd.iterdir()), "the app wrote into the folder it was started from"


@pytest.mark.slow  # builds the wheel (and installs it into a fresh venv)
def test_the_program_runs_from_the_zipped_wheel_itself(wheel, venv, tmp_path):
    """importlib.resources, not paths next to the code: fonts, sounds and rules are read straight out of the
    wheel when Python imports the program from it as a zip."""
    where, bin_dir = venv
    script = (
        "import sys, scenes, scenes.app, scenes.screen.registry as r, scenes.screen.sound as s\n"
        "assert '.whl' in scenes.__file__, scenes.__file__\n"
        "assert (r.RULES_DIR / 'mlut.txt').read_text(encoding='utf-8').strip()\n"
        "assert (s.SOUND_DIR / 'play.wav').open('rb').read(4) == b'RIFF'\n"
        "import phone, phone.server\n"
        "assert '.whl' in phone.__file__, phone.__file__\n"
        "assert b'/p/app.js' in phone.server.page_file('index.html') and phone.server.page_file('app.js')\n"
        "sys.exit(scenes.app.main(['--startup-probe']))\n")
    shown = run([bin_dir / "python", "-c", script], cwd=tmp_path, env=app_env(tmp_path, PYTHONPATH=str(wheel)))
    output = shown.stdout + shown.stderr
    assert shown.returncode == 0, output
    assert MARKER in shown.stdout, output
