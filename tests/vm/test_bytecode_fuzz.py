"""Mutated bytecode never crashes the VM (issue 16): a short run of the mutation
fuzzer in tests/vm/bytecode_fuzz.py, in a child process (a crash of make_code
itself must not take pytest down). FIVEFOLD_FUZZ_MUTATIONS=N runs more; the nox
session `fuzz` runs thousands, under ASan with `nox -s asan -- tests/vm/test_bytecode_fuzz.py`."""

from __future__ import annotations

import glob
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent
CORPUS = sorted(glob.glob(str(HERE.parent / "programs" / "*" / "*.py")))
MUTATIONS = int(os.environ.get("FIVEFOLD_FUZZ_MUTATIONS", "0"))


def fuzz(*args, timeout=1200):
    result = subprocess.run([sys.executable, str(HERE / "bytecode_fuzz.py"), *args],
                            capture_output=True, text=True, timeout=timeout)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    return dict(kv.split("=") for kv in result.stdout.strip().splitlines()[-1].split())


def test_make_code_mutations_never_crash():
    # A third of the corpus keeps the default run short; a longer one takes all.
    counts = fuzz("--seed", "16", "-n", str(MUTATIONS or 1500), *(CORPUS if MUTATIONS else CORPUS[::3]))
    assert counts["crashes"] == "0"
    # Enough of the mutants were accepted and ran for the run to mean something.
    assert int(counts["ran"]) > 100


def test_mutated_cache_files_are_refused_or_harmless():
    programs = [p for p in CORPUS if any(part in p for part in (
        "/functions/closures", "/generators/generator_pipelines", "/exceptions/except_tuple",
        "/classes/basic_class", "/scopes/cells_and_free_vars"))]
    counts = fuzz("--mode", "cache", "--seed", "16", "-n", str(MUTATIONS // 10 or 16), *programs)
    assert counts["crashes"] == "0"
