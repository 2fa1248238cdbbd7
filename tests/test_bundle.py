"""The Linux bundle (tools/bundle.py), built here as the release workflow builds it, and played from its zip.

The zip is unpacked into a folder of its own and its ``accessible-dice`` is
started with an empty environment (``env -i``): no virtual environment, no
``PYTHONPATH``, no checkout to fall back on, so a data file the bundle lacks
fails its self-test. One file taken out of the unpacked bundle (the catalogs)
shows that it would. Building takes about two minutes on a slow 2-core machine.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from xvfb_support import xvfb_display

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import bundle  # noqa: E402 - tools/bundle.py

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the Linux bundle is built on Linux")


@pytest.fixture(scope="module")
def unpacked(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The bundle's zip, built and unpacked elsewhere: the folder a player gets."""
    built = tmp_path_factory.mktemp("bundle")
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "bundle.py"), str(built)], capture_output=True,
                          text=True, timeout=1200)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    print(done.stdout)  # the sizes and the build time, for the log (pytest -s)
    archive = built / f"{bundle.zip_name()}.zip"
    player = tmp_path_factory.mktemp("player")
    with zipfile.ZipFile(archive) as zipped:
        zipped.extractall(player)
        for info in zipped.infolist():  # zipfile keeps the modes but does not set them
            mode = info.external_attr >> 16
            if mode:
                (player / info.filename).chmod(mode & 0o7777)
    shutil.rmtree(built)
    yield player / bundle.NAME
    shutil.rmtree(player)  # 190 MB


def _self_test(folder: Path, *variables: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["env", "-i", *variables, str(folder / bundle.NAME), "--self-test"], capture_output=True,
                          text=True, timeout=300, stdin=subprocess.DEVNULL, cwd=folder.parent)


def test_the_bundle_from_its_zip_passes_its_self_test_in_an_empty_environment(unpacked: Path) -> None:
    done = _self_test(unpacked)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert lines[-1] == "The games work."
    for part in ("Translations", "Sound files", "Rules pages", "Web page files", "Shut the Box", "Yatzy",
                 "Storeslem", "QUICLO Equation", "Threes Away", "Text lines"):
        assert any(line.startswith(f"{part}: works") for line in lines), lines
    assert "Traceback" not in done.stdout + done.stderr


@pytest.mark.skipif(shutil.which("Xvfb") is None, reason="Xvfb is not installed")
def test_the_bundle_opens_its_window_on_a_display(unpacked: Path) -> None:
    with xvfb_display(1280, 800) as display:
        done = _self_test(unpacked, f"DISPLAY={display}")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Window: works (5 boards drawn)." in done.stdout.splitlines()


def test_a_bundle_without_its_catalogs_fails_its_self_test(unpacked: Path) -> None:
    catalogs = next(unpacked.rglob("accessible_dice/_locales"))
    aside = catalogs.with_name("_locales.aside")
    catalogs.rename(aside)
    try:
        done = _self_test(unpacked)
    finally:
        aside.rename(catalogs)
    assert done.returncode == 1
    assert "Translations: does not work (missing: cs, de, nb, sv, da, fi)." in done.stdout.splitlines()


def test_the_bundle_carries_the_program_and_no_test_tools(unpacked: Path) -> None:
    files = [path.relative_to(unpacked).as_posix() for path in unpacked.rglob("*")]
    assert (unpacked / bundle.NAME).stat().st_mode & 0o111
    for needed in ("accessible_dice/_locales/de/LC_MESSAGES/accessible_dice.mo", "accessible_dice/_sounds/win.wav",
                   "accessible_dice/_rules/fi/yatzy.md", "accessible_dice/ui/web/static/index.html"):
        assert any(name.endswith(needed) for name in files), needed
    package = ROOT / "accessible_dice"
    shipped = [path.relative_to(package).as_posix() for path in package.rglob("*")
               if path.is_file() and path.suffix not in (".py", ".pyc") and "__pycache__" not in path.parts]
    for data in shipped:  # every data file of the package (the web page's, a shipped strategy table), found alone
        assert f"_internal/accessible_dice/{data}" in files, data
    for unwanted in ("synapse", "playwright", "pytest", "hypothesis", "tests/"):
        assert not [name for name in files if f"/{unwanted}" in f"/{name}"], unwanted
