"""`fivefold run` behaves like `python PROGRAM.py` (argv, exit status, uncaught errors) and
`fivefold dis` shows fivefold bytecode."""

from __future__ import annotations

import io
import re
import os
import subprocess
import sys
import textwrap

import pytest

from fivefold.runtime.disassembler import dis_file


def run_both(tmp_path, source: str, *args: str):
    prog = tmp_path / "prog.py"
    prog.write_text(textwrap.dedent(source), encoding="utf-8")
    env = dict(os.environ, PYTHONHASHSEED="0", PYTHONIOENCODING="utf-8")

    def go(cmd):
        proc = subprocess.run(cmd + ["prog.py", *args], cwd=tmp_path, env=env,
                              capture_output=True, text=True, timeout=300)
        return proc.returncode, proc.stdout, proc.stderr

    return go([sys.executable]), go([sys.executable, "-m", "fivefold", "run"])


@pytest.mark.parametrize("case", ["exit_message", "uncaught", "syntax_error"])
def test_run_matches_cpython(tmp_path, case):
    source = {
        "exit_message": """
            import sys
            print(sys.argv, __name__, __file__.endswith('prog.py'), sys.path[0] == __file__[:-8])
            sys.exit('bad ' + sys.argv[1])
        """,
        "uncaught": """
            def parse(items):
                return {k: int(v) for k, v in items}
            print('before')
            parse([('a', '1'), ('b', 'x')])
        """,
        "syntax_error": """
            print('never')
            x = [1, 2
        """,
    }[case]
    cpython, fivefold = run_both(tmp_path, source, "arg1")
    assert fivefold == cpython
    assert cpython[0] == 1  # each case ends in failure: the comparison covers stderr


def test_dis_shows_fivefold_instructions(tmp_path):
    prog = tmp_path / "d.py"
    prog.write_text("def f(x):\n    try:\n        return x + 1\n    finally:\n        print(x)\n")
    out = io.StringIO()
    assert dis_file(str(prog), out) == 0
    text = out.getvalue()
    assert "(fivefold)" in text and "BINARY_OP" in text and "(+)" in text
    assert "ExceptionTable:" in text and "PUSH_EXC_INFO" in text
    # The opname column is as wide as the longest instruction name, which grows as stages add members.
    assert re.search(r"LOAD_GLOBAL +1 +\(NULL \+ print\)", text)
