"""Python modules that come with the operating system, not from PyPI.

Debian's ``python3-speechd`` (Speech Dispatcher's client) and
``python3-brlapi`` (BRLTTY's BrlAPI) are not on PyPI: they live in the
system's ``dist-packages`` folder, which a virtual environment does not see.
:func:`system_module` imports such a module from the environment when it is
there, and otherwise loads exactly that one module from the system's folder,
without putting the whole folder on ``sys.path`` (which would let every
system package shadow or mix with the environment's own). A compiled module
is found only when it was built for this Python (its file name says which),
so a mismatch means "not available", never a crash.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import importlib.util
import sys
from types import ModuleType

#: Where Debian and Ubuntu put the system Python's packages.
SYSTEM_FOLDERS = (
    "/usr/lib/python3/dist-packages",
    f"/usr/lib/python3.{sys.version_info.minor}/dist-packages",
    f"/usr/lib64/python3.{sys.version_info.minor}/site-packages",
    f"/usr/lib/python3.{sys.version_info.minor}/site-packages",
)


def system_module(name: str) -> ModuleType:
    """``name`` imported from the environment, or else from the system's packages; ``ImportError`` if neither."""
    try:
        return importlib.import_module(name)
    except ImportError:
        pass
    spec = importlib.machinery.PathFinder.find_spec(name, list(SYSTEM_FOLDERS))
    if spec is None or spec.loader is None:
        raise ImportError(f"{name} is neither installed here nor in the system's Python packages")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # before running it: a package imports its own submodules by name
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise
    return module
