"""Many tables through one standalone referee: the load benchmark in CI size (benchmarks/online_load.py).

Five tables of two programs each play random legal moves at once through
one referee process, which is killed outright halfway and started again:
every table goes on where it was, with the same game at both programs,
every request answered exactly once and the entries without a gap (the
benchmark's own check, which raises otherwise). The figures themselves are
in docs/performance.md, from the full run of fifty tables.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from synapse_server import Synapse, synapse_server  # noqa: F401 - the fixture

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

from online_load import measure


def test_five_tables_through_one_referee_killed_and_restarted_lose_and_double_nothing(
        synapse_server: Synapse, tmp_path: Path) -> None:  # noqa: F811
    base, load = asyncio.run(measure(synapse_server, tmp_path, tables=5, steps=8, restart=True))
    assert base.tables == 1 and load.tables == 5
    assert len(load.latencies) >= 5 * 4  # a Shut the Box game lasts longer than four requests a table
    assert load.cpu > 0 and load.memory > 0
    assert "Traceback" not in "\n".join(path.read_text(errors="replace") for path in tmp_path.glob("referee-*.log"))
