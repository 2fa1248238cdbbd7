"""Build the self-contained bundle: one folder with one ``accessible-dice`` program in it, and a zip of it.

    python tools/bundle.py DIR           # DIR/accessible-dice/ and DIR/accessible-dice-VERSION-SYSTEM.zip

It runs PyInstaller (pinned in pyproject.toml's ``bundle`` extra) in the
environment the game is installed in (``pip install -e '.[test]'`` or
``pip install '.[bundle]'``), on the system the bundle is for: Linux builds
the Linux bundle, Windows the Windows one, macOS the macOS one (the release
workflow, .github/workflows/release.yml, runs this same command on each).
A player unpacks the zip and starts ``accessible-dice`` in it; no Python is
needed (docs/install.md).

What goes in besides Python and the game's code:

- every module of ``accessible_dice``: the games' parts are imported by name
  from the registry (games/__init__.py), which PyInstaller cannot follow;
- every data file inside the package (the web page's files, and any shipped
  strategy table), found generically, so a new one is carried without a
  change here;
- the sound cues, the compiled catalogs and the rules pages, from wherever
  the program itself finds them (``resources.data_folder``: the checkout's
  ``sounds/``, ``locales/``, ``docs/rules/``, or the installed data
  packages), put where an installed package has them;
- the package's metadata (its version and issue tracker, for problem reports);
- accessible-output2's libraries where the platform has them (NVDA's and
  the other screen readers' DLLs on Windows: PyInstaller's community hook);
- on Linux, eSpeak NG's library and its data (voices, dictionaries) when
  this system has them, so the built-in voice speaks on a system without
  eSpeak NG; ``tools/bundle_runtime.py`` points the library at that data as
  the program starts. Windows' SAPI5 and macOS' voices are the system's own.

The tests, the test tools (pytest, Playwright, Synapse) and Tk are left
out: nothing of the game imports them.
"""

from __future__ import annotations

import argparse
import ctypes
import os
import platform
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from accessible_dice import __version__  # noqa: E402 - the checkout's, found through ROOT
from accessible_dice.resources import data_folder  # noqa: E402

NAME = "accessible-dice"
#: The data folders the program finds with ``resources.data_folder``: (installed package, checkout folder, files).
DATA = (("_sounds", "sounds", "*.wav"), ("_locales", "locales", "*/LC_MESSAGES/*.mo"),
        ("_rules", "docs/rules", "**/*.md"))
#: Installed in the test environment, imported by nothing of the game: kept out, should anything name them.
EXCLUDED = ("tkinter", "pytest", "_pytest", "hypothesis", "playwright", "axe_playwright_python", "synapse",
            "twisted", "mypy", "ruff", "pexpect", "IPython", "PyInstaller")
#: The system's names for the bundle's zip.
SYSTEMS = {"linux": "linux", "win32": "windows", "darwin": "macos"}
#: eSpeak NG's library on Linux, by its soname (as pyttsx3 loads it).
ESPEAK = "libespeak-ng.so.1"


def zip_name() -> str:
    """``accessible-dice-0.1.0-linux-x86_64``: the version, the system and the processor it runs on."""
    system = SYSTEMS.get(sys.platform, sys.platform)
    return f"{NAME}-{__version__}-{system}-{platform.machine().lower() or 'unknown'}"


def data_options() -> list[str]:
    """``--add-data`` for the sounds, catalogs and rules pages, each file at its installed place."""
    options = []
    for package, checkout, pattern in DATA:
        folder = data_folder(package, checkout)
        files = sorted(folder.glob(pattern))
        if not files:
            raise SystemExit(f"bundle: no {pattern} in {folder}")
        for path in files:
            target = Path("accessible_dice", package, path.parent.relative_to(folder))
            options.append(f"--add-data={path}{os.pathsep}{target.as_posix()}")
    return options


def espeak_files() -> tuple[Path, Path] | None:
    """eSpeak NG's library as loaded here and its data folder, on Linux; ``None`` where there are none."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        ctypes.CDLL(ESPEAK)
    except OSError:
        return None
    maps = Path("/proc/self/maps").read_text().splitlines()
    library = next((Path(line.split()[-1]) for line in maps if ESPEAK.split(".so")[0] in line), None)
    if library is None:
        return None
    for data in (library.parent / "espeak-ng-data", Path("/usr/share/espeak-ng-data")):
        if (data / "phontab").is_file():
            return library, data
    return None


def espeak_options() -> list[str]:
    found = espeak_files()
    if found is None:
        print("bundle: no eSpeak NG here: the bundle's built-in voice will need the system's", file=sys.stderr)
        return []
    library, data = found
    return [f"--add-binary={library}{os.pathsep}.", f"--add-data={data}{os.pathsep}espeak-ng-data"]


def pyinstaller_options(dist: Path, work: Path) -> list[str]:
    """PyInstaller's command line for the bundle in ``dist``, its working files in ``work``."""
    return [
        str(ROOT / "accessible_dice" / "__main__.py"),
        f"--name={NAME}", "--onedir", "--console", "--noconfirm", "--log-level=WARN",
        f"--distpath={dist}", f"--workpath={work}", f"--specpath={work}",
        "--collect-submodules=accessible_dice", "--collect-data=accessible_dice", f"--copy-metadata={NAME}",
        f"--runtime-hook={ROOT / 'tools' / 'bundle_runtime.py'}",
        *data_options(), *espeak_options(),
        *(f"--exclude-module={name}" for name in EXCLUDED),
    ]


def prune_babel(folder: Path) -> None:
    """Keep babel's locale data of the game's languages only (35 MB of every CLDR locale otherwise).

    Kept: ``root`` (every locale's base), each language and its regional variants, and ``no`` (Bokmål's
    parent in CLDR). The self-test formats numbers and lists in every language, so a file a language
    needs and this removed fails it.
    """
    from accessible_dice.presentation.i18n import LANGUAGES

    kept = {"root", "no", *LANGUAGES}
    for data in folder.rglob("babel/locale-data"):
        for path in data.glob("*.dat"):
            if path.stem.split("_")[0] not in kept:
                path.unlink()


#: What the bundle must hold on each system beyond what its self-test reads (the screen readers' libraries
#: are loaded only when that screen reader runs, so a self-test without one cannot miss them).
REQUIRED = {"win32": ("accessible_output2/lib/nvdaControllerClient64.dll", "accessible_output2/lib/SAAPI32.dll")}


def check(folder: Path) -> None:
    """Stop with a message when a file of :data:`REQUIRED` is not in the bundle."""
    names = {path.relative_to(folder).as_posix() for path in folder.rglob("*")}
    lacking = [need for need in REQUIRED.get(sys.platform, ()) if not any(n.endswith(need) for n in names)]
    if lacking:
        raise SystemExit(f"bundle: {folder} lacks {', '.join(lacking)}")


def size(path: Path) -> int:
    """Bytes of a file, or of every file in a folder."""
    if path.is_file():
        return path.stat().st_size
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def build(out: Path, work: Path | None = None) -> tuple[Path, Path]:
    """Build the bundle's folder and its zip in ``out``; both paths."""
    import PyInstaller.__main__

    out.mkdir(parents=True, exist_ok=True)
    folder = out / NAME
    with tempfile.TemporaryDirectory(prefix="accessible-dice-bundle-") as temporary:
        PyInstaller.__main__.run(pyinstaller_options(out, work or Path(temporary)))
    prune_babel(folder)
    check(folder)
    archive = Path(shutil.make_archive(str(out / zip_name()), "zip", root_dir=out, base_dir=NAME))
    return folder, archive


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the self-contained bundle of accessible-dice with "
                                     "PyInstaller: DIR/accessible-dice/ and its zip.")
    parser.add_argument("dir", type=Path, help="where the bundle's folder and zip go")
    parser.add_argument("--work", type=Path, help="keep PyInstaller's working files here (a rebuild is faster)")
    args = parser.parse_args(argv)
    started = time.monotonic()
    folder, archive = build(args.dir.resolve(), args.work)
    program = folder / (NAME + (".exe" if sys.platform == "win32" else ""))
    print(f"bundle: {program}")
    print(f"bundle: {archive} ({size(archive) / 1e6:.1f} MB; the folder {size(folder) / 1e6:.1f} MB) "
          f"in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
