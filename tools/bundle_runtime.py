"""PyInstaller runtime hook of the bundle (tools/bundle.py): runs first, before the game's own code.

On Linux the bundle may carry eSpeak NG's library and data (``espeak-ng-data``
beside the program's files). The library would look for its data where the
system it was built on keeps it, and pyttsx3 loads it by its bare name, so
the bundled copy is loaded first (the system then hands that one to pyttsx3)
and ``ESPEAK_DATA_PATH`` points it at the bundled data, unless the player set
it. Without them nothing changes and the system's eSpeak NG is used.
"""

import contextlib
import ctypes
import glob
import os
import sys

_here = getattr(sys, "_MEIPASS", os.path.dirname(sys.executable))
if sys.platform.startswith("linux") and os.path.isdir(os.path.join(_here, "espeak-ng-data")):
    os.environ.setdefault("ESPEAK_DATA_PATH", _here)
    # Failing, the system's library (if any) is used; the self-test says whether the voice works.
    # The file keeps the name it had on the build system (libespeak-ng.so.1.1.51).
    for _library in sorted(glob.glob(os.path.join(_here, "libespeak-ng.so*"))):
        with contextlib.suppress(OSError):
            ctypes.CDLL(_library, mode=ctypes.RTLD_GLOBAL)
            break
