"""python3 -m fivefold.codegen [--check]"""

from __future__ import annotations

import argparse
import sys

from . import generate
from .model import DSLError


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python3 -m fivefold.codegen",
                                 description="Generate opcode tables and interpreter cases "
                                             "from shared/vm/instructions.def.")
    ap.add_argument("--check", action="store_true", help="only report stale files (exit 1 if any)")
    args = ap.parse_args(argv)
    try:
        if args.check:
            paths = generate.stale()
            for path in paths:
                print(f"stale: {path}")
            return 1 if paths else 0
        for path in generate.write():
            print(f"wrote {path}")
    except DSLError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
