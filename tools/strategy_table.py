"""Build or check the Yatzy strategy tables that come with the program.

    python tools/strategy_table.py build            # every play order, into accessible_dice/strategy/tables/
    python tools/strategy_table.py build free       # one play order
    python tools/strategy_table.py check            # each shipped file whole (SHA-256), read by numpy and plain Python
    python tools/strategy_table.py check --rebuild  # and rebuilt now, byte for byte the same

The build is reproducible: the solver adds and compares in a fixed order
(no BLAS), so a rebuild on any machine gives the same bytes, which
``check --rebuild`` (and the slow test in tests/test_strategy_yatzy.py)
confirms. Rebuild and commit the tables whenever ``TABLE_VERSION`` changes.
The file format: docs/strategy.md, "The table files".
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from array import array
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from accessible_dice.games.yatzy import ORDERS
from accessible_dice.strategy import yatzy


def read_plain(path: Path) -> tuple[dict[str, object], array[float]]:
    """A table file read without numpy: its header and its values as an ``array("f")``, row by row.

    The value of a card (bits of filled boxes, in the order of the boxes)
    with upper total ``u`` (capped at 63) is ``values[card * 64 + u]``. This
    is what a page or program without numpy does (Pyodide, for one).
    """
    with path.open("rb") as file:
        header = json.loads(file.readline())
        data = file.read()
    if hashlib.sha256(data).hexdigest() != header["sha256"]:
        raise ValueError(f"{path}: the values do not match their SHA-256")
    values = array("f")
    values.frombytes(data)
    if sys.byteorder == "big":  # the file is little-endian
        values.byteswap()
    return header, values


def build(orders: list[str]) -> None:
    assert yatzy.SHIPPED is not None
    for order in orders:
        start = time.perf_counter()
        values = yatzy.built(order)
        path = yatzy.shipped_path(order)
        assert path is not None
        if not yatzy._write(path, order, values):
            sys.exit(f"{path}: could not be written")
        print(f"{order:12} {time.perf_counter() - start:6.1f} s  expected {float(values[0, 0]):.6f}  "
              f"sha256 {hashlib.sha256(values.data).hexdigest()}  {path}")


def check(orders: list[str], rebuild: bool) -> bool:
    """Whether every shipped table is whole, current, and read alike by numpy and plain Python (and rebuilt alike)."""
    good = True
    for order in orders:
        path = yatzy.shipped_path(order)
        mapped = None if path is None else yatzy._read(path, order)
        if path is None or mapped is None:
            print(f"{order:12} MISSING, DAMAGED OR OUTDATED: {path} (python tools/strategy_table.py build {order})")
            good = False
            continue
        header, plain = read_plain(path)
        same = plain[0] == float(mapped[0, 0]) and len(plain) == mapped.size
        verdict = "whole" if same else "READ DIFFERENTLY WITHOUT NUMPY"
        if rebuild:
            again = hashlib.sha256(yatzy.built(order).data).hexdigest()
            same = same and again == header["sha256"]
            verdict += ", rebuilt the same" if again == header["sha256"] else f", REBUILT DIFFERENTLY ({again})"
        print(f"{order:12} {verdict}  expected {plain[0]:.6f}  sha256 {header['sha256']}")
        good = good and same
    return good


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=["build", "check"])
    parser.add_argument("orders", nargs="*", metavar="ORDER", help=f"play orders, of {', '.join(ORDERS)} [all]")
    parser.add_argument("--rebuild", action="store_true", help="check: rebuild each table and compare")
    args = parser.parse_args()
    orders = args.orders or list(ORDERS)
    unknown = [order for order in orders if order not in ORDERS]
    if unknown:
        parser.error(f"no play order {', '.join(unknown)}; the orders are {', '.join(ORDERS)}")
    if args.action == "build":
        build(orders)
    elif not check(orders, args.rebuild):
        sys.exit(1)


if __name__ == "__main__":
    main()
