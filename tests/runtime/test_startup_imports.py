"""The run path imports nothing python itself does not: after `fivefold run -c CODE`
(and `fivefold-python -c CODE`, and a script), sys.modules holds what `python -c CODE`
holds plus fivefold's own modules. Start-up time is measured by the harness (the
startup metric), never here; this is what keeps it low: the command line is parsed
without argparse, the registry and the importer without dataclasses, inspect or
importlib.resources, and the main program's code comes from the program cache
without importing the compiler. When it must compile (first run, -B,
PYTHONDONTWRITEBYTECODE, new -c code), the compiler adds ast and little else: no
dataclasses, inspect, typing or copy (issue 15)."""

from __future__ import annotations

import json
import subprocess
import sys

from runtime_support import LAUNCHER, clean_env

SHOW = "import sys, json; print(json.dumps(sorted(sys.modules)))"
# The `fivefold` console script is these two lines (shared/scripts/fivefold).
FIVEFOLD = [sys.executable, "-c", "import sys; from fivefold.cli import main; sys.exit(main())"]


def _modules(cmd, cwd, cache) -> set[str]:
    result = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=120,
                            env=clean_env(cache))
    assert result.returncode == 0, result.stderr
    return set(json.loads(result.stdout))


def _own(name: str) -> bool:
    return name == "fivefold" or name.startswith("fivefold.")


def _check(front: list[str], tmp_path) -> None:
    (tmp_path / "show.py").write_text(SHOW + "\n")
    python_c = _modules([sys.executable, "-c", SHOW], tmp_path, tmp_path / "cache")
    python_script = _modules([sys.executable, "show.py"], tmp_path, tmp_path / "cache")
    for args, python in ((["-c", SHOW], python_c), (["show.py"], python_script)):
        _modules([*front, *args], tmp_path, tmp_path / "cache")  # fills the program cache
        ours = _modules([*front, *args], tmp_path, tmp_path / "cache")
        extra = sorted(name for name in ours - python if not _own(name))
        assert extra == [], f"{args[0]}: the run path imports {extra}"
        assert "fivefold.compiler" not in ours, "the program cache was not used"
        # json is imported by the program itself, on both sides
        assert {"json", "fivefold._fivefold"} <= ours


def test_fivefold_run_imports_only_what_python_does(tmp_path):
    _check([*FIVEFOLD, "run"], tmp_path)


def test_launcher_imports_only_what_python_does(tmp_path):
    _check([str(LAUNCHER)], tmp_path)


def test_help_and_version_import_no_subcommand_module(tmp_path):
    code = ("import sys\nfrom fivefold.cli import main\nsys.argv[1:] = [{!r}]\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('pandas', 'matplotlib', 'pyperf', 'fivefold')))")
    for word in ("--help", "--version"):
        result = subprocess.run([sys.executable, "-c", code.format(word)], cwd=tmp_path,
                                capture_output=True, text=True, timeout=120,
                                env=clean_env(tmp_path / "cache"))
        assert result.returncode == 0, result.stderr
        loaded = eval(result.stdout.splitlines()[-1])
        assert set(loaded) <= {"fivefold", "fivefold.changes", "fivefold.cli"}, word


# What the compiler must not bring into a program that compiles (each cost milliseconds,
# and under --accelerate-all what the compiler uses stays on CPython). Counted beyond
# what python itself imported (an editable install's loader imports typing and inspect).
HEAVY = {"dataclasses", "inspect", "typing", "copy"}
# Beyond `import ast` (which the compiler is built on), all the compiler may import:
# `from __future__ import annotations` imports __future__; warnings silences the
# SyntaxWarnings of ast.parse and compile(); _symtable is CPython's symbol table.
COMPILER_EXTRA = {"__future__", "warnings", "_symtable"}


def test_compiler_imports_only_ast_and_little_else(tmp_path):
    with_ast = _modules([sys.executable, "-c", "import ast\n" + SHOW], tmp_path,
                        tmp_path / "cache")
    ours = _modules([sys.executable, "-c", "import fivefold.compiler\n" + SHOW], tmp_path,
                    tmp_path / "cache")
    extra = {name for name in ours - with_ast if not _own(name)}
    assert extra <= COMPILER_EXTRA, f"the compiler imports {sorted(extra - COMPILER_EXTRA)}"
    assert not extra & HEAVY


def test_a_run_that_compiles_imports_no_heavy_module(tmp_path):
    python = _modules([sys.executable, "-c", SHOW], tmp_path, tmp_path / "cache")
    for front in ([*FIVEFOLD, "run"], [str(LAUNCHER)]):
        for n in range(2):  # new code each time: never in the program cache
            result = subprocess.run([*front, "-c", f"{SHOW}  # {front[-1]} {n}"], cwd=tmp_path,
                                    capture_output=True, text=True, timeout=120,
                                    env=clean_env(tmp_path / "cache", PYTHONDONTWRITEBYTECODE="1"))
            assert result.returncode == 0, result.stderr
            ours = set(json.loads(result.stdout))
            assert "fivefold.compiler" in ours, "the program was not compiled"
            extra = {name for name in ours - python if not _own(name)}
            assert not extra & HEAVY, f"a compiling run imports {sorted(extra & HEAVY)}"
            assert not extra & {"dis", "tokenize", "symtable", "threading"}, sorted(extra)
